import Foundation
import Networking
import SandboxCore

/// A value while a rule is evaluated.
enum FirebaseRuleValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    /// An object or array of `auth` or `query` (never a primitive).
    case json(JSON)
    /// `root`, `data`, `newData` or one reached from them: a place in the
    /// data before (`isNew == false`) or after the write. Boxed, so that
    /// every other value fits in registers when it is passed and returned.
    indirect case snapshot(FirebaseRuleSnapshot)
    /// The list argument of `hasChildren`.
    case list([FirebaseRuleValue])
    /// The `query` variable.
    case query

    /// The value a piece of JSON reads as.
    init(_ json: JSON) {
        switch json {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number): self = .number(number)
        case .string(let text): self = .string(text)
        case .array, .object: self = .json(json)
        }
    }

    /// What the value is called in an error message.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .json(.array): "array"
        case .json: "object"
        case .snapshot: "RuleDataSnapshot"
        case .list: "array"
        case .query: "query"
        }
    }
}

/// A place in the data a rule reads: a path, before or after the write,
/// and its value when it is already known (so `newData.child('a').val()`
/// does not walk from the root again).
struct FirebaseRuleSnapshot: Sendable, Equatable {
    /// Where.
    var path: FirebasePath
    /// Whether it reads the data as the write would leave it (`newData`).
    var isNew: Bool
    /// The value at ``path``, when known.
    var value: JSON? = nil
}
