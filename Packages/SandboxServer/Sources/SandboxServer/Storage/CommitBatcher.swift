#if SandboxServer
    import Foundation
    import GRDB
    import Sandbox

    /// Group commit for ``SQLiteStorage``, on the Sandbox's `GroupCommit`: while
    /// one transaction is being written, newly arriving commits queue up, and the
    /// next transaction applies them all, each in its own savepoint, in arrival
    /// order.
    ///
    /// With `synchronous = FULL` every transaction costs an fsync; 32 concurrent
    /// writers would otherwise wait for 32 of them in a row. Each caller still
    /// returns only after the transaction holding its changes has committed,
    /// and a commit that fails rolls back alone.
    final class CommitBatcher: Sendable {
        /// One unit of work, applied atomically.
        enum Operation: Sendable {
            /// Changes to one namespace.
            case commit([StorageChange], namespace: String)
            /// Removes every row.
            case removeAll
            /// Nothing: returns once everything queued before it is written.
            case barrier
        }

        /// The Sandbox's one group commit; each batch is one transaction.
        private let commits: GroupCommit<Operation>

        init(writer: any DatabaseWriter) {
            commits = GroupCommit { operations in
                try await writer.write { db in
                    try operations.map { operation in
                        try Self.applyInSavepoint(operation, db).map { .failure($0) } ?? .success(())
                    }
                }
            }
        }

        /// The transactions written so far.
        var transactionCount: Int {
            commits.batchCount
        }

        /// Applies `operation` and returns once its transaction is committed.
        func perform(_ operation: Operation) async throws {
            try await commits.submit(operation)
        }

        /// Applies one operation in a savepoint; its error, if it failed and was
        /// rolled back, while the transaction goes on.
        private static func applyInSavepoint(_ operation: Operation, _ db: Database) throws -> (any Error)? {
            do {
                try db.inSavepoint {
                    try apply(operation, db)
                    return .commit
                }
                return nil
            } catch let error as DatabaseError where !db.isInsideTransaction {
                // The whole transaction is gone (a full disk, an I/O error):
                // every operation of the batch fails with it.
                throw error
            } catch {
                return error
            }
        }

        private static func apply(_ operation: Operation, _ db: Database) throws {
            switch operation {
            case .commit(let changes, let namespace):
                for change in changes {
                    try apply(change, in: namespace, db)
                }
            case .removeAll:
                try db.execute(sql: "DELETE FROM entries")
            case .barrier:
                break
            }
        }

        private static func apply(_ change: StorageChange, in namespace: String, _ db: Database) throws {
            switch change {
            case .put(let key, let value):
                try db.execute(
                    sql: """
                        INSERT INTO entries (namespace, key, value) VALUES (?, ?, ?)
                        ON CONFLICT (namespace, key) DO UPDATE SET value = excluded.value
                        """,
                    arguments: [namespace, key, value])
            case .delete(let key):
                try db.execute(sql: "DELETE FROM entries WHERE namespace = ? AND key = ?", arguments: [namespace, key])
            case .deleteAll(let prefix):
                let range = PrefixRange(prefix)
                if let upperBound = range.upperBound {
                    try db.execute(
                        sql: "DELETE FROM entries WHERE namespace = ? AND key >= ? AND key < ?",
                        arguments: [namespace, range.lowerBound, upperBound])
                } else {
                    try db.execute(
                        sql: "DELETE FROM entries WHERE namespace = ? AND key >= ?",
                        arguments: [namespace, range.lowerBound])
                }
            }
        }
    }
#endif
