import Foundation

/// Any JSON value, for APIs whose shape is data rather than schema: a
/// Firebase location read raw, an Airtable record's fields of unknown types.
///
/// ```swift
/// let tree = try await client.send(NetworkRequest<JSON>.get("posts").pathExtension("json"))
/// tree["-LJNQ2zNeL4bwG1qpwYB"]?["sender"]  // .string("Spencer")
/// let post = try tree.decode(Post.self)
/// ```
public enum JSON: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSON])
    /// An object.
    case object([String: JSON])

    /// The member `key` of an object; `nil` otherwise.
    public subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The element at `index` of an array; `nil` otherwise or out of range.
    public subscript(index: Int) -> JSON? {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return nil
    }

    /// The members of an object, or `nil`.
    public var objectValue: [String: JSON]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements of an array, or `nil`.
    public var arrayValue: [JSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The text of a string, or `nil`.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value of a number, or `nil`.
    public var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The value of a boolean, or `nil`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        self == .null
    }

    /// Decodes this value as `T`, with `decoder`'s strategies.
    ///
    /// - Throws: ``NetworkError/decodingFailed(_:)`` naming where and why,
    ///   with the `DecodingError` as its cause.
    public func decode<T: Decodable>(_ type: T.Type, using decoder: JSONDecoder = JSONDecoder()) throws(NetworkError)
        -> T
    {
        let data: Data
        do {
            data = try JSONEncoder().encode(self)
        } catch {
            throw .encodingFailed(DecodingErrorSummary(error).description)
        }
        do {
            return try decoder.decode(T.self, from: data)
        } catch {
            throw .decodingFailed(DecodingFailure(error, decoding: T.self, body: data))
        }
    }

    /// Encodes any value as JSON with `encoder`'s strategies.
    ///
    /// - Throws: ``NetworkError/encodingFailed(_:)`` when `value` cannot be
    ///   encoded (a `Double` that is not finite, say).
    public init(encoding value: some Encodable, using encoder: JSONEncoder = JSONEncoder()) throws(NetworkError) {
        do {
            self = try JSONDecoder().decode(JSON.self, from: encoder.encode(value))
        } catch {
            throw .encodingFailed(DecodingErrorSummary(error).description)
        }
    }
}

extension JSON: Codable {
    /// Decodes whatever JSON value is there.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }

    /// Encodes the value as it is.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSON: ExpressibleByStringInterpolation, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    // safe: a literal in the source, not text from the wire; Int to Double never traps.
    /// A number.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A number.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array.
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    /// An object; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
}
