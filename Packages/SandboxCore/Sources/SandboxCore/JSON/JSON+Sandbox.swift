import Foundation
import Networking

/// The emulators work with Networking's `JSON` values, never
/// with the clients' `Codable` models, so a client bug cannot hide behind the
/// same bug in an emulator. They parse and write it with their own code
/// (`JSONParser`, `serialized()`), which keeps the services' own rules:
/// key order is not significant, JSON has one number type.
extension JSON {
    /// The nesting depth: 0 for a scalar, 1 for a flat array or object.
    public var depth: Int {
        switch self {
        case .array(let elements): 1 + (elements.map(\.depth).max() ?? 0)
        case .object(let members): 1 + (members.values.map(\.depth).max() ?? 0)
        default: 0
        }
    }
}
