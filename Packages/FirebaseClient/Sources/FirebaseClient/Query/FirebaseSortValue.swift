import Networking

/// Where a child's value falls in Firebase's ordering of values, which
/// ``FirebaseQuery`` results follow when ordered by a child, by value or by
/// priority.
///
/// Firebase orders values by kind first, then within a kind:
/// `null` < `false` < `true` < numbers (ascending) < strings (ascending by
/// UTF-16 code unit, as the server compares them) < objects (all equal).
/// Children whose values are equal are then ordered by key
/// (``FirebaseKeyOrder``).
///
/// ```swift
/// FirebaseSortValue(JSON.number(3)) < FirebaseSortValue(JSON.string("3"))  // true
/// ```
public enum FirebaseSortValue: Sendable, Hashable, Comparable {
    /// A missing value, or `null`.
    case null
    /// A boolean.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An object (or an array, which Firebase stores as an object); all
    /// objects sort as equal.
    case object

    /// The sort value of a JSON value.
    public init(_ json: JSON) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let value): self = .number(value)
        case .string(let value): self = .string(value)
        case .array, .object: self = .object
        }
    }

    /// Whether `lhs` sorts before `rhs`.
    public static func < (lhs: FirebaseSortValue, rhs: FirebaseSortValue) -> Bool {
        switch (lhs, rhs) {
        case (.bool(let left), .bool(let right)):
            !left && right
        case (.number(let left), .number(let right)):
            left < right
        case (.string(let left), .string(let right)):
            left.utf16.lexicographicallyPrecedes(right.utf16)
        default:
            lhs.rank < rhs.rank
        }
    }

    /// The query value that starts or ends a range at this value, or `nil`
    /// for an object, which a range cannot name.
    public var queryValue: FirebaseQueryValue? {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .number(let value): .number(value)
        case .string(let value): .string(value)
        case .object: nil
        }
    }

    private var rank: Int {
        switch self {
        case .null: 0
        case .bool: 1
        case .number: 2
        case .string: 3
        case .object: 4
        }
    }
}
