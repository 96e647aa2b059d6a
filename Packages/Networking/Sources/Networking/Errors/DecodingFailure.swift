import Foundation

/// Why a body did not decode: where, what was expected, and what the body
/// looked like.
public struct DecodingFailure: Sendable, Hashable, CustomStringConvertible {
    /// The type the request expected, such as `Array<Post>`.
    public var typeName: String
    /// Where in the body decoding stopped, such as `records[0].fields.Due date`;
    /// empty at the top level.
    public var codingPath: String
    /// What was wrong there, such as `expected Double, found a string`.
    public var reason: String
    /// The first bytes of the body.
    public var bodyExcerpt: String
    /// The error the decoder threw: a `DecodingError`, or the error a type's
    /// own `init(from:)` threw (SooGreyhounds' `invalidJSONData`, say). Not
    /// part of ``description``, and not compared by `==`.
    public var underlying: (any Error)? {
        get { cause.error }
        set { cause = ErrorCause(newValue) }
    }
    private var cause = ErrorCause(nil)

    /// Creates a failure.
    public init(
        typeName: String, codingPath: String, reason: String, bodyExcerpt: String, underlying: (any Error)? = nil
    ) {
        self.typeName = typeName
        self.codingPath = codingPath
        self.reason = reason
        self.bodyExcerpt = bodyExcerpt
        self.underlying = underlying
    }

    /// Describes `error` thrown while decoding `type` from `body`.
    public init(_ error: any Error, decoding type: Any.Type, body: Data) {
        let summary = DecodingErrorSummary(error)
        self.init(
            typeName: String(describing: type),
            codingPath: summary.path,
            reason: summary.reason,
            bodyExcerpt: BodyExcerpt.make(from: body),
            underlying: error
        )
    }

    /// One line: the type, the place, the reason and the start of the body.
    public var description: String {
        let place = codingPath.isEmpty ? "" : " at \(codingPath)"
        let body = bodyExcerpt.isEmpty ? "The body was empty." : "Body: \(bodyExcerpt)"
        return "Could not decode \(typeName)\(place): \(reason). \(body)"
    }
}

/// The path and reason of a `DecodingError`, in words.
///
/// Lossy collections use it to say why they skipped an element.
public struct DecodingErrorSummary: Sendable, Hashable, CustomStringConvertible {
    /// The coding path, such as `[3].timestamp`.
    public var path: String
    /// What went wrong there.
    public var reason: String

    /// Summarises any error; a `DecodingError` gives its path and cause.
    public init(_ error: any Error, droppingPrefix prefixCount: Int = 0) {
        guard let error = error as? DecodingError else {
            path = ""
            reason = (error as? NetworkError)?.description ?? String(describing: error)
            return
        }
        switch error {
        case .typeMismatch(let type, let context):
            path = Self.format(context.codingPath.dropFirst(prefixCount))
            reason = "expected \(type), " + Self.found(in: context.debugDescription)
        case .valueNotFound(let type, let context):
            path = Self.format(context.codingPath.dropFirst(prefixCount))
            reason = "expected \(type), found null"
        case .keyNotFound(let key, let context):
            path = Self.format((context.codingPath + [key]).dropFirst(prefixCount))
            reason = "missing key \"\(key.stringValue)\""
        case .dataCorrupted(let context):
            path = Self.format(context.codingPath.dropFirst(prefixCount))
            reason = Self.corruption(context)
        @unknown default:
            path = ""
            reason = String(describing: error)
        }
    }

    /// `path: reason`, or the reason alone at the top level.
    public var description: String {
        path.isEmpty ? reason : "\(path): \(reason)"
    }

    static func format(_ path: some Collection<any CodingKey>) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == "\(index)" {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    private static func found(in debugDescription: String) -> String {
        // Foundation says "Expected to decode Double but found a string instead."
        guard let range = debugDescription.range(of: "but found ") else { return "found something else" }
        let rest = debugDescription[range.upperBound...]
        return "found "
            + rest.replacingOccurrences(of: " instead.", with: "")
            .trimmingCharacters(in: CharacterSet(charactersIn: ". "))
    }

    private static func corruption(_ context: DecodingError.Context) -> String {
        let text = context.debugDescription.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
        if text.contains("not valid JSON") {
            return "the body is not valid JSON (truncated, or not JSON at all)"
        }
        return text.isEmpty ? "the data is corrupted" : text.prefix(1).lowercased() + text.dropFirst()
    }
}
