import Foundation
import SandboxCore

/// Every namespace of the emulator, created on first write as the official
/// emulator does (any `ns` is a database, empty until written), and at most
/// `limit` of them, so a client inventing names cannot grow the server
/// without end.
///
/// A stream on a namespace nobody wrote to needs a database to hear later
/// writes, but owns nothing lasting: such a database is *listening only*.
/// It does not count against the limit, and it is forgotten when its last
/// stream ends, unless a write made it a namespace of its own first. So
/// streams on a thousand invented names leave the table as it was.
///
/// A class behind a lock, not an actor: every request looks its database
/// up here, each look is a dictionary access, and an actor's hop there and
/// back cost more than the look (Docs/Performance.md, benchmark 8).
final class FirebaseDatabases: @unchecked Sendable {
    /// Guards every `var` below; held for a dictionary access or two.
    private let lock = NSLock()
    private var databases: [String: FirebaseDatabase]
    /// The listening-only databases and how many streams each has.
    private var listeners: [String: Int] = [:]
    private let storage: (any SandboxStorage)?
    private let keepAliveInterval: Duration
    private let limit: Int
    /// The rules a new database starts with.
    let defaultRules: FirebaseRules

    /// Creates the registry with the databases restored from storage.
    init(
        restored: [String: FirebaseDatabase], storage: (any SandboxStorage)?, keepAliveInterval: Duration,
        limit: Int, defaultRules: FirebaseRules
    ) {
        databases = restored
        self.defaultRules = defaultRules
        self.storage = storage
        self.keepAliveInterval = keepAliveInterval
        self.limit = limit
    }

    /// The database named `namespace`, if it was ever written (or is being
    /// listened to).
    func existing(named namespace: String) -> FirebaseDatabase? {
        lock.withLock { databases[namespace] }
    }

    /// The database named `namespace` for a write: created empty if it is
    /// new, made a namespace of its own if only streams had it.
    func database(named namespace: String) throws(FirebaseEmulatorError) -> FirebaseDatabase {
        // `withLock` would widen the error to `any Error`.
        lock.lock()
        defer { lock.unlock() }
        if let database = databases[namespace], listeners[namespace] == nil { return database }
        guard databases.count - listeners.count < limit else { throw .tooManyNamespaces(limit: limit) }
        listeners[namespace] = nil
        return databases[namespace] ?? create(namespace)
    }

    /// The database named `namespace` for one more stream; call
    /// ``streamEnded(in:)`` when the stream ends.
    func listening(to namespace: String) -> FirebaseDatabase {
        lock.withLock {
            if let database = databases[namespace] {
                if let count = listeners[namespace] { listeners[namespace] = count + 1 }
                return database
            }
            listeners[namespace] = 1
            return create(namespace)
        }
    }

    /// A stream of `namespace` ended; a listening-only database without
    /// streams is forgotten.
    func streamEnded(in namespace: String) {
        lock.withLock {
            guard let count = listeners[namespace] else { return }
            if count > 1 {
                listeners[namespace] = count - 1
            } else {
                listeners[namespace] = nil
                databases[namespace] = nil
            }
        }
    }

    /// Called with the lock held.
    private func create(_ namespace: String) -> FirebaseDatabase {
        let database = FirebaseDatabase(
            name: namespace, tree: FirebaseTree(), rules: defaultRules, storage: storage,
            keepAliveInterval: keepAliveInterval)
        databases[namespace] = database
        return database
    }

    /// The databases written to so far.
    var all: [FirebaseDatabase] {
        lock.withLock { databases.filter { listeners[$0.key] == nil }.map(\.value) }
    }

    /// How many namespaces count against the limit.
    var count: Int {
        lock.withLock { databases.count - listeners.count }
    }

    /// How many databases exist, listening-only ones included.
    var allocated: Int {
        lock.withLock { databases.count }
    }
}
