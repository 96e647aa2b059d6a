import Foundation
import Networking

/// The rules at one place of the rules tree: its `.read`, `.write`,
/// `.validate` and `.indexOn`, its named children and at most one `$`
/// wildcard child.
final class FirebaseRuleNode: Sendable {
    /// One rule: its parsed expression, its text, and where it sits.
    struct Rule: Sendable {
        /// The parsed expression.
        var expression: FirebaseRuleExpression
        /// The expression as written, for the log's explanations.
        var source: String
        /// Its place in the rules tree, such as `/posts/$postID/.write`.
        var location: String
    }

    /// `.read`, if present.
    let read: Rule?
    /// `.write`, if present.
    let write: Rule?
    /// `.validate`, if present.
    let validate: Rule?
    /// The children named in `.indexOn`.
    let indexOn: [String]
    /// Children by key.
    let children: [String: FirebaseRuleNode]
    /// The `$` child: its variable's name (with the `$`) and rules.
    let wildcard: (name: String, node: FirebaseRuleNode)?

    init(
        read: Rule?, write: Rule?, validate: Rule?, indexOn: [String], children: [String: FirebaseRuleNode],
        wildcard: (name: String, node: FirebaseRuleNode)?
    ) {
        self.read = read
        self.write = write
        self.validate = validate
        self.indexOn = indexOn
        self.children = children
        self.wildcard = wildcard
        hasValidation =
            validate != nil || children.values.contains { $0.hasValidation } || wildcard?.node.hasValidation == true
    }

    /// The node for `key` below this one and the variable it binds: the
    /// named child first, else the wildcard.
    func child(_ key: String) -> (node: FirebaseRuleNode, binding: (name: String, value: String)?)? {
        if let named = children[key] { return (named, nil) }
        if let wildcard { return (wildcard.node, (wildcard.name, key)) }
        return nil
    }

    /// Whether the node, or any below it, has a `.validate` rule: the walk
    /// over written data skips the branches that have none.
    let hasValidation: Bool
}
