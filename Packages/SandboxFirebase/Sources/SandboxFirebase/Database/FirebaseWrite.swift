import Foundation
import Networking
import SandboxCore

/// A validated write, ready for a database to apply atomically.
struct FirebaseWrite: Sendable {
    /// What the write does at ``path``.
    enum Operation: Sendable {
        /// PUT: replace the value.
        case set(JSON)
        /// POST: add a child under a new push id.
        case push(JSON)
        /// PATCH: replace the named children; a key may be a path (`a/b`).
        case update([(path: FirebasePath, key: String, value: JSON)])
        /// DELETE.
        case remove
        /// PUT to `…/.priority.json`: the node's priority (`null` removes
        /// it); the data stays as it is.
        case setPriority(JSON)
    }

    /// Where the write applies.
    var path: FirebasePath
    /// What it does.
    var operation: Operation
    /// What the data must be for the write to apply.
    enum Precondition: Sendable {
        /// The `if-match` ETag of a conditional PUT or DELETE.
        case etag(String)
        /// The protocol's hash of the data (``FirebaseHash``), as a
        /// transaction writes.
        case hash(String)
    }

    /// What the data must be for the write to apply, if anything.
    var precondition: Precondition?
    /// Only check the write (its values and the rules), changing nothing:
    /// an `onDisconnect` write is checked when it is set, and applied
    /// when its connection drops.
    var checksOnly = false
    /// Whether the answer should carry the new value's ETag.
    var wantsETag: Bool
    /// The server time of the write, in milliseconds since 1970.
    var now: Int64
}

/// How a database answered a write.
enum FirebaseWriteOutcome: Sendable {
    /// Applied (and stored, with a storage): the body to echo, and the new
    /// value's ETag if it was asked for.
    case written(echo: JSON, etag: String?)
    /// The precondition did not hold: the current value and its ETag.
    case preconditionFailed(current: JSON, etag: String)
}
