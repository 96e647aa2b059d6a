import Foundation
import SandboxCore

/// The `$` variables of a place in the rules, such as `$postID` → `a1`:
/// a few pairs, looked up from the innermost, with no hashing (a path
/// binds one per wildcard level, rarely more than three).
///
/// The first pair is kept inline: most places bind one variable, and the
/// walk to them then allocates nothing.
struct FirebaseRuleBindings: Sendable {
    private var first: (name: String, value: String)?
    private var more: [(name: String, value: String)] = []

    /// The value bound to `name` (with its `$`), if any.
    subscript(name: String) -> String? {
        if let value = more.last(where: { $0.name == name })?.value { return value }
        return first?.name == name ? first?.value : nil
    }

    /// Binds `name` to `value`, hiding an outer binding of the same name.
    mutating func bind(_ name: String, to value: String) {
        if first == nil {
            first = (name, value)
        } else {
            more.append((name, value))
        }
    }

    /// Takes back the newest binding.
    mutating func unbindLast() {
        if more.isEmpty {
            first = nil
        } else {
            more.removeLast()
        }
    }
}
