import Foundation

// Builder methods: each returns a changed copy, so requests compose as values.
extension NetworkRequest {
    /// Appends one path segment; a `/` inside it is encoded, not a separator.
    ///
    /// The ``pathExtension`` stays after the last segment:
    /// `NetworkRequest.get("threads").pathExtension("json").appendingPathComponent(id)`
    /// reads `threads/<id>.json`.
    public func appendingPathComponent(_ component: String) -> Self {
        with { $0.pathComponents.append(component) }
    }

    /// Sets the extension written after the last segment (`json` for Firebase).
    public func pathExtension(_ pathExtension: String?) -> Self {
        with { $0.pathExtension = pathExtension }
    }

    /// Appends query items in the given order.
    public func query(_ items: [QueryItem]) -> Self {
        with { $0.query.append(contentsOf: items) }
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

    /// Sets a header field, replacing any field of the same name; `nil`
    /// removes it.
    ///
    /// A secret field (`isSecret: true`: a key an app sends on one request,
    /// such as `.header("X-Notes-Key", key, isSecret: true)`) is redacted
    /// wherever the request is shown (logs, errors, ``NetworkClient/cURLDescription(for:)``)
    /// and counts as credentials, as the client's own are. A name the
    /// client's ``Redactor`` knows (`Authorization`) is secret either way.
    public func header(_ name: String, _ value: String?, isSecret: Bool = false) -> Self {
        with {
            guard isSecret, let value else {
                $0.headers[name] = value
                return
            }
            $0.headers.remove(name)
            $0.headers.add(name: name, value: value, isSecret: true)
        }
    }

    /// Sets several header fields.
    public func headers(_ headers: HeaderFields) -> Self {
        with { $0.headers = $0.headers.merging(headers) }
    }

    /// Sets a JSON body, encoded by the client's encoder when sent; `nil`
    /// removes the body. `Content-Type: application/json` is added only
    /// when there is a body.
    public func jsonBody(_ value: (any Encodable & Sendable)?) -> Self {
        with { $0.body = value.map { body in TransferBody.json(body) } }
    }

    /// Sets raw body bytes and their content type.
    public func body(_ data: Data, contentType: String? = nil) -> Self {
        with { $0.body = TransferBody(data, contentType: contentType) }
    }

    /// Sets a body (a file, a stream) and its content type, which replaces
    /// the body's own when given.
    ///
    /// ```swift
    /// let upload = NetworkRequest<Data>.put("photos/1")
    ///     .body(try TransferBody(fileAt: photoURL), contentType: "image/jpeg")
    /// ```
    public func body(_ body: TransferBody, contentType: String? = nil) -> Self {
        with { $0.body = body.withContentType(contentType) }
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
        with { $0.body = TransferBody(form: items) }
    }

    /// Sets an `application/x-www-form-urlencoded` body from a dictionary,
    /// sorted by name.
    public func form(_ items: [String: String]) -> Self {
        form([QueryItem](items))
    }

    /// Sets a `multipart/form-data` body; its files are read as it is sent.
    public func multipart(_ form: MultipartForm) -> Self {
        with { $0.body = form.body }
    }

    /// Calls `handler` as the body is sent, with the bytes read so far and
    /// the total when known: about a hundred times over the whole body,
    /// in order, starting again from zero for a retry or a redirect that
    /// sends the body again.
    ///
    /// It runs on the transport's thread: hop to the main actor to update
    /// a screen.
    public func uploadProgress(_ handler: @escaping @Sendable (TransferProgress) -> Void) -> Self {
        with { $0.uploadProgress = handler }
    }

    /// Sets the time allowed for each attempt.
    public func timeout(_ timeout: Duration?) -> Self {
        with { $0.timeout = timeout }
    }

    /// Marks the request as safe (or not) to retry.
    public func idempotent(_ isIdempotent: Bool = true) -> Self {
        with { $0.isIdempotent = isIdempotent }
    }

    /// A copy with `change` made to it: what every builder method returns.
    private func with(_ change: (inout Self) -> Void) -> Self {
        var copy = self
        change(&copy)
        return copy
    }
}
