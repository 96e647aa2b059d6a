import Foundation

/// The kind of a Bankey account, which picks its colour and label on screen.
///
/// The server writes `Banking`, `CreditCard` and `Investment`. A type it
/// adds later (say `Mortgage`) must not fail the whole list of accounts, so
/// it decodes as ``other(_:)`` carrying the server's text, and encodes back
/// to the same text.
public enum AccountType: Sendable, Hashable, Codable, RawRepresentable, CustomStringConvertible {
    /// Chequing and savings accounts (`Banking`).
    case banking
    /// Credit cards (`CreditCard`).
    case creditCard
    /// Investment accounts (`Investment`).
    case investment
    /// A type this version does not know, with the server's text.
    case other(String)

    /// The three types this version knows.
    public static let knownCases: [AccountType] = [.banking, .creditCard, .investment]

    /// The type for the server's text; an unknown text is ``other(_:)``.
    public init(rawValue: String) {
        switch rawValue {
        case "Banking": self = .banking
        case "CreditCard": self = .creditCard
        case "Investment": self = .investment
        default: self = .other(rawValue)
        }
    }

    /// The server's text, such as `CreditCard`.
    public var rawValue: String {
        switch self {
        case .banking: "Banking"
        case .creditCard: "CreditCard"
        case .investment: "Investment"
        case .other(let text): text
        }
    }

    /// Whether this version knows the type (it is not ``other(_:)``).
    public var isKnown: Bool {
        if case .other = self { return false }
        return true
    }

    /// The server's text.
    public var description: String { rawValue }

    /// Reads the server's text; only a value that is not a string fails.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Writes the server's text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Equal when the server's texts are equal, so `.other("Banking")` made
    /// by hand equals `.banking`.
    public static func == (lhs: AccountType, rhs: AccountType) -> Bool {
        lhs.rawValue == rhs.rawValue
    }

    /// Hashes the server's text, in step with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }
}
