import Foundation
import Networking
import SandboxCore

/// Direct access, without a request: for tests, benchmarks and the server.
extension FirebaseEmulator {
    /// The namespaces that hold data, sorted.
    public var namespaces: [String] {
        get async {
            var names: [String] = []
            for database in databases.all {
                if await !database.isEmpty { names.append(database.name) }
            }
            return names.sorted()
        }
    }

    /// The value at `path` (`"posts/abc"`, with or without `.json`) as a GET
    /// would return it, arrays included; `.null` where there is nothing.
    public func value(at path: String, namespace: String? = nil) async throws -> JSON {
        let location = try FirebasePath(requestPath: path)
        let name = try validated(namespace ?? configuration.defaultNamespace)
        guard let database = databases.existing(named: name) else { return .null }
        let value = await database.value(at: location)
        return try JSON.parse(FirebaseJSONWriter.data(value))
    }

    /// Writes `value` at `path` as a PUT would (checked the same way, stored
    /// and streamed), without a request: for tests and benchmarks that need
    /// large data quickly.
    public func setValue(_ value: JSON, at path: String, namespace: String? = nil) async throws {
        let query = "print=silent&ns=" + Self.queryEncoded(namespace ?? configuration.defaultNamespace)
        let request = SandboxRequest(
            method: "PUT", path: path.hasSuffix(".json") ? path : path + ".json", rawQuery: query,
            headers: ["Authorization": "Bearer " + (configuration.authSecret ?? "owner")], body: value.serialized())
        let response = await respond(to: request)
        guard response.status == 204 else {
            let message = (try? JSON.parse(response.data))?["error"]?.stringValue ?? "unexpected answer"
            throw FirebaseEmulatorError(status: response.status, message: message)
        }
    }

    /// The number of event streams open on a namespace.
    public func subscriptionCount(namespace: String? = nil) async -> Int {
        guard let name = try? validated(namespace ?? configuration.defaultNamespace) else { return 0 }
        return await databases.existing(named: name)?.subscriptionCount ?? 0
    }
}
