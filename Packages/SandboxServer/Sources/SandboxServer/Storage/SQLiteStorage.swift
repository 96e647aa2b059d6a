#if SandboxServer
    import Foundation
    import GRDB
    import Sandbox

    /// A ``/SandboxCore/SandboxStorage`` in an SQLite database, `sandbox.sqlite` in a
    /// data directory: what makes `sandbox --data-dir DIR` durable.
    ///
    /// Every row lives in one table keyed by (namespace, key). The database runs
    /// in WAL mode with `synchronous = FULL`, so a transaction is on disk (the
    /// log fsynced) before its commit returns: a write the Sandbox acknowledged
    /// survives `kill -9` and a power cut alike. Commits that arrive while one is
    /// being written are grouped into the next transaction (see
    /// `CommitBatcher`), so concurrent writers share each fsync instead of
    /// queueing for one each.
    ///
    /// ```swift
    /// let storage = try SQLiteStorage(directory: URL(filePath: ".sandbox-data"))
    /// let sandbox = try await Sandbox(storage: storage)
    /// ```
    ///
    /// Only one storage at a time may use a directory, across processes too: a
    /// second one fails with ``SandboxServerError/dataDirectoryInUse(path:)``
    /// rather than silently diverging from the first.
    public final class SQLiteStorage: SandboxStorage {
        /// The database file's name inside the data directory.
        public static let fileName = "sandbox.sqlite"

        /// The database file.
        public let url: URL

        private let pool: DatabasePool
        private let batcher: CommitBatcher
        private let lock: DataDirectoryLock

        /// Opens (creating if needed) the database in `directory`, which is
        /// created too if missing.
        public init(directory: URL) throws {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            lock = try DataDirectoryLock(directory: directory)
            url = directory.appendingPathComponent(Self.fileName)
            var configuration = Configuration()
            configuration.label = "SandboxStorage"
            do {
                pool = try DatabasePool(path: url.path, configuration: configuration)
                // GRDB opens pools with `synchronous = NORMAL`, which in WAL mode
                // may lose the last commits in a power cut. The setting belongs
                // to the connection, and every write goes through this one.
                try pool.writeWithoutTransaction { db in
                    try db.execute(sql: "PRAGMA synchronous = FULL")
                }
                try Self.migrator.migrate(pool)
            } catch {
                lock.release()
                throw error
            }
            batcher = CommitBatcher(writer: pool)
        }

        /// Every row of a namespace.
        public func load(namespace: String) async throws -> [String: Data] {
            try await pool.read { db in
                var rows: [String: Data] = [:]
                let cursor = try Row.fetchCursor(
                    db, sql: "SELECT key, value FROM entries WHERE namespace = ?", arguments: [namespace])
                while let row = try cursor.next() {
                    rows[row["key"]] = row["value"]
                }
                return rows
            }
        }

        /// The namespaces whose names start with `prefix`, sorted.
        public func namespaces(withPrefix prefix: String) async throws -> [String] {
            try await pool.read { db in
                let range = PrefixRange(prefix)
                if let upperBound = range.upperBound {
                    return try String.fetchAll(
                        db,
                        sql:
                            "SELECT DISTINCT namespace FROM entries WHERE namespace >= ? AND namespace < ? ORDER BY namespace",
                        arguments: [range.lowerBound, upperBound])
                }
                return try String.fetchAll(
                    db, sql: "SELECT DISTINCT namespace FROM entries WHERE namespace >= ? ORDER BY namespace",
                    arguments: [range.lowerBound])
            }
        }

        /// Applies the changes in order in one transaction, and returns once it
        /// is durable.
        public func commit(_ changes: [StorageChange], in namespace: String) async throws {
            guard !changes.isEmpty else { return }
            try await batcher.perform(.commit(changes, namespace: namespace))
        }

        /// Removes every row of every namespace, durably.
        public func removeAll() async throws {
            try await batcher.perform(.removeAll)
        }

        /// Waits for pending commits, closes the database and releases the data
        /// directory for another storage. Later calls fail.
        public func close() async {
            try? await batcher.perform(.barrier)
            try? pool.close()
            lock.release()
        }

        /// `PRAGMA synchronous` as the storage's connections run it (2 is FULL).
        func synchronousSetting() async throws -> Int? {
            try await pool.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
        }

        /// How many transactions commits have needed so far: fewer than the
        /// commits when concurrent ones were grouped.
        var transactionCount: Int {
            batcher.transactionCount
        }

        private static var migrator: DatabaseMigrator {
            var migrator = DatabaseMigrator()
            migrator.registerMigration("v1: entries") { db in
                try db.execute(
                    sql: """
                        CREATE TABLE entries (
                            namespace TEXT NOT NULL,
                            key TEXT NOT NULL,
                            value BLOB NOT NULL,
                            PRIMARY KEY (namespace, key)
                        ) WITHOUT ROWID
                        """)
            }
            return migrator
        }
    }
#endif
