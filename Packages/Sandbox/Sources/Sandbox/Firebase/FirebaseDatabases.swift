import Foundation

/// Every namespace of the emulator, created on first use as the official
/// emulator does (any `ns` is a database, empty until written).
actor FirebaseDatabases {
    private var databases: [String: FirebaseDatabase]
    private let storage: (any SandboxStorage)?
    private let keepAliveInterval: Duration

    /// Creates the registry with the databases restored from storage.
    init(restored: [String: FirebaseDatabase], storage: (any SandboxStorage)?, keepAliveInterval: Duration) {
        databases = restored
        self.storage = storage
        self.keepAliveInterval = keepAliveInterval
    }

    /// The database named `namespace`, created empty if it is new.
    func database(named namespace: String) -> FirebaseDatabase {
        if let database = databases[namespace] { return database }
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
