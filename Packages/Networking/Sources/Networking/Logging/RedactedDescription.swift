/// A type that can hold a secret and so describes itself only redacted:
/// `print`, string interpolation, `debugPrint` and `dump` all show the
/// fields it chooses, with secrets already replaced.
///
/// Conforming takes one property:
///
/// ```swift
/// extension Credentials: RedactedDescription {
///     public var redactedFields: KeyValuePairs<String, Any> {
///         ["user": user, "token": "REDACTED"]
///     }
/// }
/// print(credentials)  // Credentials(user: kevin, token: REDACTED)
/// ```
public protocol RedactedDescription: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// What the descriptions and the mirror show, secrets already redacted.
    var redactedFields: KeyValuePairs<String, Any> { get }
}

extension RedactedDescription {
    /// The type's name and its redacted fields.
    public var description: String {
        let fields = redactedFields.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        return "\(Self.self)(\(fields))"
    }

    /// The same as ``description``, so `debugPrint` reveals nothing more.
    public var debugDescription: String {
        description
    }

    /// A mirror of the redacted fields only, so `dump` reveals nothing more.
    public var customMirror: Mirror {
        Mirror(self, children: redactedFields, displayStyle: .struct)
    }
}

extension HeaderFields: RedactedDescription {
    /// Every field, with the values of secret ones (``Redactor``'s defaults)
    /// replaced.
    public var redactedFields: KeyValuePairs<String, Any> {
        ["fields": Redactor().redact(self).map { "\($0.name): \($0.value)" }]
    }
}

extension TransportRequest: RedactedDescription {
    /// The method, the URL and headers redacted, and the body's size.
    public var redactedFields: KeyValuePairs<String, Any> {
        let redactor = Redactor()
        return [
            "method": method.rawValue, "url": redactor.redact(url), "headers": redactor.redact(headers),
            "body": body?.description ?? "none", "timeout": timeout as Any,
        ]
    }
}

extension NetworkRequest: RedactedDescription {
    /// The method, path, query and headers with secret values redacted, and
    /// the body's kind; never a secret.
    public var redactedFields: KeyValuePairs<String, Any> {
        let redactor = Redactor()
        return [
            "method": method.rawValue, "path": pathComponents.joined(separator: "/"),
            "pathExtension": pathExtension as Any, "query": redactor.redact(query), "headers": redactor.redact(headers),
            "absoluteURL": absoluteURL.map(redactor.redact) as Any, "isIdempotent": isIdempotent,
        ]
    }
}

extension NetworkClient: RedactedDescription {
    /// The base URL, default headers and query with secrets redacted, and
    /// the types of the transport and the interceptors (which may hold
    /// secrets of their own).
    public var redactedFields: KeyValuePairs<String, Any> {
        [
            "baseURL": redactor.redact(baseURL),
            "credentials": credentials.map { "\($0.name): \(redactor.replacement)" },
            "transport": type(of: transport), "headers": redactor.redact(headers),
            "query": redactor.redact(query), "timeout": timeout as Any, "maxRedirects": maxRedirects,
            "interceptors": interceptors.map { type(of: $0) },
        ]
    }
}

extension QueryItem: RedactedDescription {
    /// The name, and the value unless ``Redactor``'s defaults call it secret.
    public var redactedFields: KeyValuePairs<String, Any> {
        let shown = Redactor().redact([self])[0]
        return ["name": shown.name, "value": shown.value as Any]
    }
}
