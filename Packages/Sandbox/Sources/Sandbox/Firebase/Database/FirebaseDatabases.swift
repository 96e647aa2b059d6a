import Foundation

/// Every namespace of the emulator, created on first write or stream as
/// the official emulator does (any `ns` is a database, empty until
/// written), and at most `limit` of them, so a client inventing names
/// cannot grow the server without end.
actor FirebaseDatabases {
    private var databases: [String: FirebaseDatabase]
    private let storage: (any SandboxStorage)?
    private let keepAliveInterval: Duration
    private let limit: Int

    /// Creates the registry with the databases restored from storage.
    init(
        restored: [String: FirebaseDatabase], storage: (any SandboxStorage)?, keepAliveInterval: Duration,
        limit: Int
    ) {
        databases = restored
        self.storage = storage
        self.keepAliveInterval = keepAliveInterval
        self.limit = limit
    }

    /// The database named `namespace`, if it was ever created.
    func existing(named namespace: String) -> FirebaseDatabase? {
        databases[namespace]
    }

    /// The database named `namespace`, created empty if it is new.
    func database(named namespace: String) throws(FirebaseEmulatorError) -> FirebaseDatabase {
        if let database = databases[namespace] { return database }
        guard databases.count < limit else { throw .tooManyNamespaces(limit: limit) }
        let database = FirebaseDatabase(
            name: namespace, tree: FirebaseTree(), storage: storage, keepAliveInterval: keepAliveInterval)
        databases[namespace] = database
        return database
    }

    /// The databases created so far.
    var all: [FirebaseDatabase] {
        Array(databases.values)
    }
}
