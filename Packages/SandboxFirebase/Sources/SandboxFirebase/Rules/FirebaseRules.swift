import Foundation
import Networking
import SandboxCore

/// One database's security rules: the Realtime Database Security Rules
/// language, parsed from a rules file (`{"rules": {…}}`, comments allowed)
/// and checked as the service checks it when rules are saved.
struct FirebaseRules: Sendable {
    /// The text as saved, comments included: what `GET /.settings/rules.json`
    /// answers.
    let source: String
    /// The rules without comments: what `format=strict` answers.
    let strictJSON: String
    /// The rules tree.
    let root: FirebaseRuleNode

    /// Whether anyone may read anything (the root's `.read` is `true`):
    /// reads are then not checked at all.
    var opensReads: Bool { root.read?.expression.isTrue == true }

    /// Whether anyone may write anything and nothing is validated: writes
    /// are then not checked at all.
    var opensWrites: Bool { root.write?.expression.isTrue == true && !root.hasValidation }

    /// The rules of a database that anyone may read and write, as the
    /// lessons' public databases were: today's behaviour, and the default.
    static let open = parsedOrEmpty(#"{"rules": {".read": true, ".write": true}}"#)

    /// The rules of a locked database: only administrators get in. The
    /// default of an emulator with a database secret.
    static let locked = parsedOrEmpty(#"{"rules": {".read": false, ".write": false}}"#)

    private static func parsedOrEmpty(_ source: String) -> FirebaseRules {
        (try? FirebaseRules(source: source)) ?? FirebaseRules()
    }

    /// No rules at all (nothing granted); only reachable if a built-in rules
    /// text failed to parse.
    private init() {
        source = ""
        strictJSON = "{}"
        root = FirebaseRuleNode(read: nil, write: nil, validate: nil, indexOn: [], children: [:], wildcard: nil)
    }

    /// Parses and checks `source`. The error names the place as
    /// `line:column` and the problem, as the service's does.
    init(source: String) throws(FirebaseRulesError) {
        let document: FirebaseRulesDocument
        do throws(FirebaseRulesDocument.Failure) {
            document = try FirebaseRulesDocument(source: source)
        } catch {
            throw FirebaseRulesError(
                place: FirebaseRulesDocument.place(error.offset, in: source), message: error.message)
        }
        var compiler = Compiler(document: document)
        root = try compiler.compileDocument()
        self.source = source
        strictJSON = document.strictJSON
    }

    /// Turns the document into rule nodes.
    private struct Compiler {
        let document: FirebaseRulesDocument
        /// The most rule nodes a file may have, wildcards included.
        static let maxNodes = 10_000
        var nodes = 0

        func failure(_ offset: Int, _ message: String) -> FirebaseRulesError {
            FirebaseRulesError(place: FirebaseRulesDocument.place(offset, in: document.source), message: message)
        }

        mutating func compileDocument() throws(FirebaseRulesError) -> FirebaseRuleNode {
            guard case .object(let members) = document.root else {
                throw failure(0, "Expected a JSON object.")
            }
            guard let rules = members.first(where: { $0.key == "rules" }) else {
                throw failure(0, "Expected 'rules' property.")
            }
            if let extra = members.first(where: { $0.key != "rules" }) {
                throw failure(extra.keyOffset, "Invalid key: \(extra.key). Only 'rules' is allowed at the top level.")
            }
            return try compile(rules.value, location: "", wildcards: [], depth: 0)
        }

        private mutating func compile(
            _ value: FirebaseRulesDocument.Value, location: String, wildcards: Set<String>, depth: Int
        ) throws(FirebaseRulesError) -> FirebaseRuleNode {
            nodes += 1
            guard nodes <= Self.maxNodes else { throw failure(0, "Rules have more than \(Self.maxNodes) locations.") }
            guard case .object(let members) = value else {
                throw failure(
                    offset(of: value), "Expected an object of rules at '\(location.isEmpty ? "/" : location)'.")
            }
            var read: FirebaseRuleNode.Rule?
            var write: FirebaseRuleNode.Rule?
            var validate: FirebaseRuleNode.Rule?
            var indexOn: [String] = []
            var children: [String: FirebaseRuleNode] = [:]
            var wildcard: (name: String, node: FirebaseRuleNode)?
            for member in members {
                switch member.key {
                case ".read":
                    read = try rule(member, kind: .read, location: location, wildcards: wildcards)
                case ".write":
                    write = try rule(member, kind: .write, location: location, wildcards: wildcards)
                case ".validate":
                    validate = try rule(member, kind: .validate, location: location, wildcards: wildcards)
                case ".indexOn":
                    indexOn = try indexes(member.value)
                case let key where key.hasPrefix("."):
                    throw failure(member.keyOffset, "Invalid key: \(key). Keys beginning with '.' are reserved.")
                case let key where key.hasPrefix("$"):
                    guard wildcard == nil else {
                        throw failure(member.keyOffset, "Can't have multiple wildcards at the same level.")
                    }
                    guard key.count > 1, FirebaseKey.isValid(String(key.dropFirst())) else {
                        throw failure(member.keyOffset, "Invalid wildcard name: \(key).")
                    }
                    guard !wildcards.contains(key) else {
                        throw failure(member.keyOffset, "Wildcard \(key) is already defined above.")
                    }
                    guard depth < FirebasePath.maxDepth else {
                        throw failure(member.keyOffset, "Rules are nested too deeply.")
                    }
                    let node = try compile(
                        member.value, location: location + "/" + key, wildcards: wildcards.union([key]),
                        depth: depth + 1)
                    wildcard = (key, node)
                case let key:
                    guard FirebaseKey.isValid(key) else { throw failure(member.keyOffset, "Invalid key: \(key).") }
                    guard depth < FirebasePath.maxDepth else {
                        throw failure(member.keyOffset, "Rules are nested too deeply.")
                    }
                    children[key] = try compile(
                        member.value, location: location + "/" + key, wildcards: wildcards, depth: depth + 1)
                }
            }
            return FirebaseRuleNode(
                read: read, write: write, validate: validate, indexOn: indexOn, children: children, wildcard: wildcard)
        }

        private func rule(
            _ member: FirebaseRulesDocument.Member, kind: FirebaseRuleParser.Kind, location: String,
            wildcards: Set<String>
        ) throws(FirebaseRulesError) -> FirebaseRuleNode.Rule {
            let place = (location.isEmpty ? "" : location) + "/" + kind.rawValue
            switch member.value {
            case .bool(let flag, _):
                return FirebaseRuleNode.Rule(
                    expression: .literal(.bool(flag)), source: flag ? "true" : "false", location: place)
            case .string(let text, let offset):
                do throws(FirebaseRuleParser.Failure) {
                    let expression = try FirebaseRuleParser.parse(text, kind: kind, wildcards: wildcards)
                    return FirebaseRuleNode.Rule(expression: expression, source: text, location: place)
                } catch {
                    // The offset inside the expression counts from after the
                    // opening quote; escapes in the JSON text can shift it.
                    throw failure(offset + 1 + error.offset, error.message)
                }
            default:
                throw failure(offset(of: member.value), "\(kind.rawValue) must be a boolean or a string expression.")
            }
        }

        private func indexes(_ value: FirebaseRulesDocument.Value) throws(FirebaseRulesError) -> [String] {
            switch value {
            case .string(let name, _):
                return [name]
            case .array(let elements):
                var names: [String] = []
                for element in elements {
                    guard case .string(let name, _) = element else {
                        throw failure(
                            offset(of: element), "Invalid .indexOn: expected a string or an array of strings.")
                    }
                    names.append(name)
                }
                return names
            default:
                throw failure(offset(of: value), "Invalid .indexOn: expected a string or an array of strings.")
            }
        }

        private func offset(of value: FirebaseRulesDocument.Value) -> Int {
            switch value {
            case .string(_, let offset), .number(_, let offset), .bool(_, let offset), .null(let offset): offset
            case .object(let members): members.first.map { max(0, $0.keyOffset - 1) } ?? 0
            case .array(let elements): elements.first.map(offset(of:)) ?? 0
            }
        }
    }
}

/// Rules the service would refuse to save: `400` with the place and the
/// problem.
struct FirebaseRulesError: Error, Sendable, Equatable {
    /// `line:column`.
    var place: String
    /// What is wrong, as a sentence.
    var message: String

    /// The text of the error body, laid out as the service's.
    var text: String {
        "\n\(place): \(message)\n"
    }
}
