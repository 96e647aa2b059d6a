import Foundation
import Networking
import SandboxCore

/// A client connected over the Realtime Database's protocol, as the
/// console lists it: where it is connected, who it is, and what it
/// listens to.
public struct FirebaseConnectedClient: Sendable, Hashable, Codable {
    /// One listen: its path, and its query as the SDK sent it (`nil` for
    /// every child).
    public struct Listen: Sendable, Hashable, Codable {
        /// The path listened to, such as `/posts`.
        public var path: String
        /// The query's JSON, such as `{"i":"timestamp","l":15,"vf":"r"}`.
        public var query: String?
    }

    /// The connection's number, in the order clients connected.
    public var id: Int
    /// The database it is connected to.
    public var namespace: String
    /// Who it is signed in as: a user's `uid`, `administrator`, or `nil`
    /// when signed out.
    public var signedInAs: String?
    /// Its listens, by path.
    public var listens: [Listen]
}

/// The connections open now, updated by each as it changes. A class behind
/// a lock: each update is a dictionary write.
final class FirebaseConnectedClients: @unchecked Sendable {
    /// Guards the two `var`s; held for a dictionary access.
    private let lock = NSLock()
    private var clients: [Int: FirebaseConnectedClient] = [:]
    private var nextID = 0

    /// Registers a new connection and returns its number.
    func open(namespace: String) -> Int {
        lock.withLock {
            let id = nextID
            nextID += 1
            clients[id] = FirebaseConnectedClient(id: id, namespace: namespace, signedInAs: nil, listens: [])
            return id
        }
    }

    /// Changes what is known of connection `id`.
    func update(_ id: Int, _ change: (inout FirebaseConnectedClient) -> Void) {
        lock.withLock {
            guard var client = clients[id] else { return }
            change(&client)
            clients[id] = client
        }
    }

    /// Forgets connection `id`.
    func close(_ id: Int) {
        lock.withLock { _ = clients.removeValue(forKey: id) }
    }

    /// The open connections, oldest first, each one's listens by path.
    var all: [FirebaseConnectedClient] {
        var all = lock.withLock { Array(clients.values) }
        all.sort { $0.id < $1.id }
        for index in all.indices {
            all[index].listens.sort { ($0.path, $0.query ?? "") < ($1.path, $1.query ?? "") }
        }
        return all
    }
}
