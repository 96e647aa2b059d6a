import Foundation

// Builder methods: each returns a changed copy, so requests compose as values.
extension NetworkRequest {
    /// Appends one path segment; a `/` inside it is encoded, not a separator.
    ///
    /// The ``pathExtension`` stays after the last segment:
    /// `NetworkRequest.get("threads").pathExtension("json").appendingPathComponent(id)`
    /// reads `threads/<id>.json`.
    public func appendingPathComponent(_ component: String) -> Self {
        var copy = self
        copy.pathComponents.append(component)
        return copy
    }

    /// Sets the extension written after the last segment (`json` for Firebase).
    public func pathExtension(_ pathExtension: String?) -> Self {
        var copy = self
        copy.pathExtension = pathExtension
        return copy
    }

    /// Appends query items in the given order.
    public func query(_ items: [QueryItem]) -> Self {
        var copy = self
        copy.query.append(contentsOf: items)
        return copy
    }

    /// Appends query items from a dictionary, sorted by name.
    ///
    /// The lesson 2 helper `urlFromURLParameters` is this: `https://google.com/search`
    /// with `["q": "test"]` gives `https://google.com/search?q=test`.
    public func query(_ items: [String: String]) -> Self {
        query([QueryItem](items))
    }

    /// Appends one query item; a `nil` value writes the name alone.
    public func query(_ name: String, _ value: String?) -> Self {
        query([QueryItem(name: name, value: value)])
    }

    /// Sets a header field, replacing any field of the same name.
    public func header(_ name: String, _ value: String?) -> Self {
        var copy = self
        copy.headers[name] = value
        return copy
    }

    /// Sets several header fields.
    public func headers(_ headers: HeaderFields) -> Self {
        var copy = self
        copy.headers = copy.headers.merging(headers)
        return copy
    }

    /// Sets a JSON body, encoded by the client's encoder when sent; `nil`
    /// removes the body. `Content-Type: application/json` is added only
    /// when there is a body.
    public func jsonBody(_ value: (any Encodable & Sendable)?) -> Self {
        var copy = self
        copy.body = value.map { TransferBody.json($0) }
        return copy
    }

    /// Sets raw body bytes and their content type.
    public func body(_ data: Data, contentType: String? = nil) -> Self {
        var copy = self
        copy.body = TransferBody(data, contentType: contentType)
        return copy
    }

    /// Sets a body (a file, a stream) and its content type, which replaces
    /// the body's own when given.
    ///
    /// ```swift
    /// let upload = NetworkRequest<Data>.put("photos/1")
    ///     .body(try TransferBody(fileAt: photoURL), contentType: "image/jpeg")
    /// ```
    public func body(_ body: TransferBody, contentType: String? = nil) -> Self {
        var copy = self
        copy.body = body.withContentType(contentType)
        return copy
    }

    /// Sets an `application/x-www-form-urlencoded` body, encoded as query
    /// items are, in the given order.
    ///
    /// ```swift
    /// let login = NetworkRequest<Token>.post("login").form([
    ///     QueryItem(name: "username", value: "ada"), QueryItem(name: "password", value: password),
    /// ])
    /// ```
    public func form(_ items: [QueryItem]) -> Self {
        var copy = self
        copy.body = TransferBody(form: items)
        return copy
    }

    /// Sets an `application/x-www-form-urlencoded` body from a dictionary,
    /// sorted by name.
    public func form(_ items: [String: String]) -> Self {
        form([QueryItem](items))
    }

    /// Sets a `multipart/form-data` body; its files are read as it is sent.
    public func multipart(_ form: MultipartForm) -> Self {
        var copy = self
        copy.body = form.body
        return copy
    }

    /// Calls `handler` as the body is sent, with the bytes read so far and
    /// the total when known: about a hundred times over the whole body,
    /// in order, starting again from zero for a retry or a redirect that
    /// sends the body again.
    ///
    /// It runs on the transport's thread: hop to the main actor to update
    /// a screen.
    public func uploadProgress(_ handler: @escaping @Sendable (TransferProgress) -> Void) -> Self {
        var copy = self
        copy.uploadProgress = handler
        return copy
    }

    /// Sets the time allowed for each attempt.
    public func timeout(_ timeout: Duration?) -> Self {
        var copy = self
        copy.timeout = timeout
        return copy
    }

    /// Marks the request as safe (or not) to retry.
    public func idempotent(_ isIdempotent: Bool = true) -> Self {
        var copy = self
        copy.isIdempotent = isIdempotent
        return copy
    }
}
