import Foundation
import Networking
import SandboxCore

/// The rules at one place of the rules tree: its `.read`, `.write`,
/// `.validate` and `.indexOn`, its named children and at most one `$`
/// wildcard child.
final class FirebaseRuleNode: Sendable {
    /// One rule: its parsed expression, its text, and where it sits.
    final class Rule: Sendable {
        /// The parsed expression.
        let expression: FirebaseRuleExpression
        /// The expression compiled, as it is evaluated.
        let program: FirebaseRuleProgram
        /// The expression as written, for the log's explanations.
        let source: String
        /// Its place in the rules tree, such as `/posts/$postID/.write`.
        let location: String

        init(expression: FirebaseRuleExpression, source: String, location: String) {
            self.expression = expression
            program = FirebaseRuleProgram(expression)
            self.source = source
            self.location = location
        }
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
        // Few children, as most rule nodes have: their names compared in a
        // list, which is quicker than hashing the key (and, apart from the
        // nodes, touches no reference).
        let small = children.count <= 8 ? Array(children) : nil
        smallNames = small?.map(\.key)
        smallNodes = small?.map(\.value) ?? []
        self.wildcard = wildcard
        hasValidation =
            validate != nil || children.values.contains { $0.hasValidation } || wildcard?.node.hasValidation == true
    }

    /// The node for `key` below this one: the named child first, else the
    /// wildcard, whose variable is then bound to `key` in `bindings`.
    func child(_ key: String, binding bindings: inout FirebaseRuleBindings) -> FirebaseRuleNode? {
        if let named = named(key) { return named }
        guard let wildcard else { return nil }
        bindings.bind(wildcard.name, to: key)
        return wildcard.node
    }

    /// The child named `key`, if any (not the wildcard).
    func named(_ key: String) -> FirebaseRuleNode? {
        guard let smallNames else { return children[key] }
        return smallNames.firstIndex(of: key).map { smallNodes[$0] }
    }

    /// The children's names when there are few, in the order of
    /// ``smallNodes``; `nil` when ``children`` is hashed instead.
    private let smallNames: [String]?
    private let smallNodes: [FirebaseRuleNode]

    /// Whether the node, or any below it, has a `.validate` rule: the walk
    /// over written data skips the branches that have none.
    let hasValidation: Bool
}
