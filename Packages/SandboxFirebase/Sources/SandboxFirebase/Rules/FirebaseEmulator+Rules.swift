import Foundation
import Networking
import SandboxCore

/// Rules: loaded at start, stored per namespace, read and replaced by an
/// administrator at `/.settings/rules.json`.
extension FirebaseEmulator {
    /// Where each namespace's own rules are stored: one row per namespace,
    /// its rules file text.
    static let rulesStorageNamespace = "firebase-rules"

    static func parsedRules(_ source: String) throws(FirebaseEmulatorError) -> FirebaseRules {
        do throws(FirebaseRulesError) {
            return try FirebaseRules(source: source)
        } catch {
            throw FirebaseEmulatorError(status: 400, message: error.text)
        }
    }

    /// Puts back the rules stored for each namespace, then the ones the
    /// configuration names (which replace them, stored too).
    func restoreRules() async throws {
        if let storage {
            for (name, data) in try await storage.load(namespace: Self.rulesStorageNamespace) {
                guard let rules = try? FirebaseRules(source: String(decoding: data, as: UTF8.self)) else { continue }
                try await databases.database(named: try validated(name)).setRules(rules)
            }
        }
        for (name, source) in configuration.namespaceRules.sorted(by: { $0.key < $1.key }) {
            try await setRules(try Self.parsedRules(source), namespace: try validated(name))
        }
    }

    /// Stores and applies a namespace's own rules.
    func setRules(_ rules: FirebaseRules, namespace: String) async throws(FirebaseEmulatorError) {
        let database = try databases.database(named: namespace)
        if let storage {
            do {
                try await storage.commit(
                    [.put(key: namespace, value: Data(rules.source.utf8))], in: Self.rulesStorageNamespace)
            } catch {
                throw .storageFailed(error)
            }
        }
        await database.setRules(rules)
    }

    /// `/.settings/rules.json`: an administrator reads the rules (as saved,
    /// or as strict JSON with `format=strict`) and replaces them.
    func rulesRequest(
        _ request: SandboxRequest, caller: FirebaseCaller
    ) async throws(FirebaseEmulatorError) -> SandboxResponse {
        guard caller == .administrator else {
            throw .permissionDenied(
                FirebaseRuleDenial(explanation: "Only an administrator may read or change the rules."))
        }
        let namespace = try validated(request.query("ns") ?? configuration.defaultNamespace)
        switch request.httpMethod {
        case .get, .head:
            let rules = await databases.existing(named: namespace)?.rules ?? databases.defaultRules
            let text = request.query("format") == "strict" ? rules.strictJSON : rules.source
            return .json(200, Data(text.utf8), headers: Self.commonHeaders)
        case .put:
            // Too large or not UTF-8 fails in the parser, with its place.
            let source = String(decoding: request.body, as: UTF8.self)
            try await setRules(try Self.parsedRules(source), namespace: namespace)
            return .json(200, Data(#"{"status":"ok"}"#.utf8), headers: Self.commonHeaders)
        default:
            throw .methodNotAllowed
        }
    }
}
