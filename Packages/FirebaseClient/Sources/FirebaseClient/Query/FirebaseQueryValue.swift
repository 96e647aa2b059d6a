import Networking

/// A value a query starts, ends or matches at: one of the JSON primitives
/// Firebase accepts, written into the URL as JSON.
///
/// The JSON encoding is what the REST API requires, and where hand-built
/// URLs go wrong: a string needs its quotes (`startAt="Ada"`), a number and
/// `true`, `false` and `null` must not have any (`endAt=1522108802.5`).
///
/// ```swift
/// FirebaseQueryValue.string("Ada").json    // "\"Ada\""
/// FirebaseQueryValue.number(1.5e9).json    // "1500000000"
/// let value: FirebaseQueryValue = true     // literals work too
/// ```
public enum FirebaseQueryValue: Sendable, Hashable {
    /// `null`: the start of every ordering.
    case null
    /// `false` or `true`.
    case bool(Bool)
    /// A number; it must be finite.
    case number(Double)
    /// A string.
    case string(String)

    /// The value as JSON text, ready to percent-encode into the query.
    ///
    /// Whole numbers are written without a fraction (`1500000000`), others
    /// with the shortest digits that read back as the same `Double`.
    /// A number that is not finite has no JSON form; ``FirebaseQuery``
    /// refuses to build a request with one.
    public var json: String {
        switch self {
        case .null:
            "null"
        case .bool(let value):
            value ? "true" : "false"
        case .number(let value):
            Self.json(number: value) ?? "null"
        case .string(let value):
            Self.json(string: value)
        }
    }

    /// Whether the value can be written as JSON.
    var isEncodable: Bool {
        if case .number(let value) = self { return value.isFinite }
        return true
    }

    /// JSON text of a finite number; `nil` for infinity and NaN.
    static func json(number value: Double) -> String? {
        guard value.isFinite else { return nil }
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            return String(Int64(value))  // safe: a whole number below 2^53
        }
        return String(describing: value)
    }

    /// A JSON string literal: quotes, backslashes and control characters
    /// escaped, everything else as it is (the URL encoding comes later).
    static func json(string value: String) -> String {
        var text = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }

    /// How this value sorts among children's values.
    var sortValue: FirebaseSortValue {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .number(let value): .number(value)
        case .string(let value): .string(value)
        }
    }
}

extension FirebaseQueryValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral
{
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A number.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A number.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
}
