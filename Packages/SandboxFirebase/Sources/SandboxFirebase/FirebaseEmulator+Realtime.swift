import Foundation
import Networking
import SandboxCore

/// The Realtime Database's own protocol, beside REST.
extension FirebaseEmulator {
    /// The path of the protocol's WebSocket, `/.ws` (with `v=5` and `ns=…`
    /// in the query), where Firebase's SDKs connect once pointed at the
    /// emulator (`useEmulator(withHost:port:)`, `connectDatabaseEmulator`).
    public static let realtimePath = "/.ws"

    /// The clients connected over the protocol now, oldest first, with
    /// their listens: what the console lists.
    public var connectedClients: [FirebaseConnectedClient] {
        connectedClientsTable.all
    }

    /// Opens a connection of the protocol on the database `namespace` (the
    /// `ns` query item; the default namespace when `nil`). `host` is the
    /// `host:port` the client connected to, which the handshake tells it
    /// to keep using.
    ///
    /// - Throws: ``FirebaseEmulatorError`` when the namespace is not a
    ///   database name.
    public func openRealtimeConnection(namespace: String?, host: String) throws(FirebaseEmulatorError)
        -> FirebaseRealtimeConnection
    {
        let namespace = try validated(namespace ?? configuration.defaultNamespace)
        return FirebaseRealtimeConnection(
            emulator: self, namespace: namespace, database: databases.listening(to: namespace), host: host)
    }
}
