import Foundation
import SandboxCore

extension FirebaseRuleEvaluator {
    /// The argument of `child()` or `hasChild()` read as a path below a
    /// snapshot's.
    ///
    /// `root.child('users/' + auth.uid)`, the usual way rules name another
    /// part of the data, is read in two parts: the literal, which ends a key,
    /// when the rules are parsed, and only the added value on each
    /// evaluation. The two are joined into one text only for a failure's
    /// message.
    struct ChildPath: Sendable {
        /// The argument as written: a literal and the value added to it,
        /// or the whole text and nothing.
        private let written: (text: String, added: String)
        /// Its keys.
        let relative: FirebasePath
        /// Whether every key is valid (``FirebaseKey/isValid(_:)``).
        private let hasValidKeys: Bool

        /// The argument as written, for the failure's message.
        var text: String { written.text + written.added }

        /// Whether it names a child: a string of valid keys.
        var isValid: Bool { hasValidKeys && !relative.keys.isEmpty }

        init(_ text: String) {
            written = (text, "")
            relative = FirebasePath(relative: text)
            hasValidKeys = FirebaseKey.check(path: text).isValid
        }

        /// `literal + added`, where `literal`, the path's start, is a text
        /// that ends with `/`: its keys followed by those of `added`,
        /// exactly as the joined text splits.
        init(_ literal: ChildPath, adding added: String) {
            written = (literal.written.text, added)
            let check = FirebaseKey.check(path: added)
            hasValidKeys = literal.hasValidKeys && check.isValid
            if check.hasSeparator {
                relative = FirebasePath(keys: literal.relative.keys + FirebasePath(relative: added).keys)
            } else if added.isEmpty {
                relative = literal.relative
            } else {
                // One more key, the usual case (`'users/' + auth.uid`).
                var keys = literal.relative.keys
                keys.append(added)
                relative = FirebasePath(keys: keys)
            }
        }

        /// The first of a call's arguments, which must be a string.
        init(_ arguments: [FirebaseRuleValue]) throws(Failure) {
            try self.init(argument: arguments.first)
        }

        /// A call's argument, which must be a string.
        init(argument: FirebaseRuleValue?) throws(Failure) {
            guard case .string(let text)? = argument else {
                throw Failure(message: "child() takes a string path")
            }
            self.init(text)
        }
    }
}
