import Foundation

/// What the console needs to be an ordinary client of each API.
extension AdminService {
    /// The Firebase namespaces (the lessons' and any written since), the
    /// credentials the emulators accept, and Bankey's customers.
    ///
    /// The credentials are the sandbox's own, configured on this machine
    /// and printed by `sandbox` at start; this route answers the same local,
    /// same-site callers as every admin route, and the console never shows
    /// them (its requests appear in the log redacted like anyone's).
    func describeServices() async -> SandboxResponse {
        let namespaces = Set(await firebase.namespaces).union(
            firebase.configuration.seedsLessonData ? FirebaseEmulator.lessonNamespaces : [])
        return .json(
            200,
            [
                "firebase": [
                    "namespaces": .array(namespaces.sorted().map(JSONValue.string)),
                    "defaultNamespace": .string(firebase.configuration.defaultNamespace),
                    "auth": firebase.configuration.authSecret.map(JSONValue.string) ?? .null,
                ],
                "airtable": ["token": airtable.configuration.tokens.min().map(JSONValue.string) ?? .null],
                "bankey": ["customers": .array(BankeyEmulator.customerIDs.map(JSONValue.string))],
                "soogreyhounds": [
                    "apiKey": soogreyhounds.configuration.apiKeys.min().map(JSONValue.string) ?? .null
                ],
            ])
    }
}
