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
        /// The verdict of a rule that is a literal `true` or `false`, known
        /// without evaluating it. Kept here, beside the program: the
        /// expression is boxed, and reading it on every check touched one
        /// more piece of memory for each rule.
        let verdict: Bool?

        init(expression: FirebaseRuleExpression, source: String, location: String) {
            self.expression = expression
            if case .literal(.bool(let flag)) = expression { verdict = flag } else { verdict = nil }
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
        smallNames = children.count <= Self.fewChildren ? Array(children.keys) : []
        smallNodes = smallNames.compactMap { children[$0] }
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

    /// The child named `key`, if any (not the wildcard). A name matches a
    /// key by its bytes (``Swift/String/isSameKey(as:)``), as the service
    /// compares keys: a key spelled with a combining accent is not the
    /// rule's precomposed name, however many children there are.
    func named(_ key: String) -> FirebaseRuleNode? {
        guard children.count <= Self.fewChildren else {
            return children.index(ofKey: key, scanningUpTo: 0) { $0.isSameKey(as: $1) }.map { children.values[$0] }
        }
        for index in smallNames.indices where smallNames[index].isSameKey(as: key) {
            return smallNodes[index]
        }
        return nil
    }

    /// The most children kept in ``smallNames`` and ``smallNodes`` (in the
    /// same order) and found by name; more are hashed instead.
    private static let fewChildren = 8
    private let smallNames: [String]
    private let smallNodes: [FirebaseRuleNode]

    /// Whether the node, or any below it, has a `.validate` rule: the walk
    /// over written data skips the branches that have none.
    let hasValidation: Bool
}
