import Foundation
import SandboxCore

/// The `$` variables of a place in the rules, such as `$postID` → `a1`:
/// a few pairs, looked up from the innermost, with no hashing (a path
/// binds one per wildcard level, rarely more than three).
struct FirebaseRuleBindings: Sendable {
    private var pairs: [(name: String, value: String)] = []

    /// The value bound to `name` (with its `$`), if any.
    subscript(name: String) -> String? {
        pairs.last { $0.name == name }?.value
    }

    /// Binds `name` to `value`, hiding an outer binding of the same name.
    mutating func bind(_ name: String, to value: String) {
        pairs.append((name, value))
    }

    /// Takes back the newest binding.
    mutating func unbindLast() {
        pairs.removeLast()
    }
}
