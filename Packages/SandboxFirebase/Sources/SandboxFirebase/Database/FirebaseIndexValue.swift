import Foundation
import Networking
import SandboxCore

/// A value as Firebase orders it in a query: `null` < `false` < `true` <
/// numbers < strings < objects. Numbers compare numerically, strings by
/// UTF-16 code units, and objects all tie (so their keys decide).
enum FirebaseIndexValue: Sendable, Hashable, Comparable {
    /// No value at the ordered path.
    case null
    /// `false`.
    case `false`
    /// `true`.
    case `true`
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// Any object.
    case object

    /// The sort value of a stored value.
    init(_ value: JSON) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = flag ? .true : .false
        case .number(let number): self = .number(number)
        case .string(let text): self = .string(text)
        case .array, .object: self = .object
        }
    }

    private var rank: Int {
        switch self {
        case .null: 0
        case .false: 1
        case .true: 2
        case .number: 3
        case .string: 4
        case .object: 5
        }
    }

    /// Orders two values by Firebase's rules.
    static func compare(_ lhs: FirebaseIndexValue, _ rhs: FirebaseIndexValue) -> ComparisonResult {
        switch (lhs, rhs) {
        case (.number(let left), .number(let right)):
            if left == right { return .orderedSame }
            return left < right ? .orderedAscending : .orderedDescending
        case (.string(let left), .string(let right)):
            return FirebaseKey.compareUTF16(left, right)
        default:
            if lhs.rank == rhs.rank { return .orderedSame }
            return lhs.rank < rhs.rank ? .orderedAscending : .orderedDescending
        }
    }

    /// Whether `lhs` orders before `rhs`.
    static func < (lhs: FirebaseIndexValue, rhs: FirebaseIndexValue) -> Bool {
        compare(lhs, rhs) == .orderedAscending
    }
}
