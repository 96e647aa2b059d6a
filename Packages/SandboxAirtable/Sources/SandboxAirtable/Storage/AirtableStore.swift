import Foundation
import Networking
import SandboxCore

/// The Airtable emulator's data: every base in memory, written through to a
/// ``SandboxStorage`` when there is one.
///
/// Writes are serialized by a lock held across the storage commit (an
/// actor alone would let a second write run while the first awaits its
/// commit), and memory changes only after the commit succeeded, so readers
/// never see an unacknowledged write and a failed commit changes nothing.
actor AirtableStore {
    private var bases: [String: AirtableBase] = [:]
    /// Told of every committed change to a table's records (the webhooks).
    private var changeObserver:
        (
            @Sendable (_ base: String, _ before: AirtableTable, _ after: AirtableTable, _ touched: Set<String>) async ->
                Void
        )?
    /// Uploaded attachments' bytes, by attachment id.
    private var files: [String: Data] = [:]
    private var fileBytes = 0
    /// The most bytes all uploaded files may take.
    static let maxFileBytes = 256 << 20
    private let storage: (any SandboxStorage)?
    private let turns = WriterTurns()

    init(storage: (any SandboxStorage)?) {
        self.storage = storage
    }

    /// Loads every stored base and uploaded file.
    func restore() async throws {
        guard let storage else { return }
        for (id, data) in try await storage.load(namespace: AirtablePersistence.filesNamespace) {
            files[id] = data
            fileBytes += data.count
        }
        for namespace in try await storage.namespaces(withPrefix: AirtablePersistence.namespacePrefix) {
            let id = String(namespace.dropFirst(AirtablePersistence.namespacePrefix.count))
            if let base = AirtablePersistence.decodeBase(id: id, rows: try await storage.load(namespace: namespace)) {
                bases[id] = base
            }
        }
    }

    /// Adds the lesson's base unless it was seeded before (a marker row
    /// remembers it, so deleting every record does not bring them back).
    func seedIfNeeded(_ base: AirtableBase) async throws {
        await turns.begin()
        defer { turns.end() }
        if let storage {
            let marker = try await storage.load(namespace: AirtablePersistence.markerNamespace)
            guard marker[AirtablePersistence.seededKey] == nil else { return }
            if bases[base.id] == nil {
                try await storage.commit(
                    AirtablePersistence.rows(for: base), in: AirtablePersistence.namespace(base.id))
            }
            try await storage.commit(
                [.put(key: AirtablePersistence.seededKey, value: Data("1".utf8))],
                in: AirtablePersistence.markerNamespace)
        }
        if bases[base.id] == nil {
            bases[base.id] = base
        }
    }

    func base(_ id: String) -> AirtableBase? {
        bases[id]
    }

    /// Every uploaded file's bytes, by attachment id.
    var allFiles: [String: Data] {
        files
    }

    var allBases: [AirtableBase] {
        bases.values.sorted { $0.id < $1.id }
    }

    func table(base baseID: String, _ key: String) -> AirtableTable? {
        guard let base = bases[baseID], let index = base.tableIndex(key) else { return nil }
        return base.tables[index].attached(to: base)
    }

    /// Runs `change` on a copy of a table, commits the rows it touched, and
    /// only then makes the copy current.
    func write<Result: Sendable>(
        base baseID: String,
        table key: String,
        _ change: @Sendable (inout AirtableTableTransaction) throws(AirtableFailure) -> Result
    ) async throws(AirtableFailure) -> Result {
        await turns.begin()
        defer { turns.end() }
        guard let base = bases[baseID] else { throw .notFound }
        guard let index = base.tableIndex(key) else { throw .modelNotFound }
        var transaction = AirtableTableTransaction(base.tables[index].attached(to: base))
        let result = try change(&transaction)
        // The links' other sides, committed with the write itself.
        var written = AirtableInverseLinks.apply(before: base.tables[index], to: &transaction, in: base)
        written[index] = transaction
        let ordered = written.sorted { $0.key < $1.key }
        let changes = ordered.flatMap { AirtablePersistence.rows(for: $0.value) }
        if let storage, !changes.isEmpty {
            do {
                try await storage.commit(changes, in: AirtablePersistence.namespace(baseID))
            } catch {
                throw .storageFailed
            }
        }
        for (tableIndex, written) in ordered {
            let before = base.tables[tableIndex]
            var after = written.table
            after.base = nil
            bases[baseID]?.tables[tableIndex] = after
            if let changeObserver, !written.touchedRecords.isEmpty {
                await changeObserver(baseID, before, after, written.touchedRecords)
            }
        }
        return result
    }

    /// Sets who is told of committed record changes.
    func observeChanges(
        _ observer:
            @escaping @Sendable (
                _ base: String, _ before: AirtableTable, _ after: AirtableTable, _ touched: Set<String>
            ) async -> Void
    ) {
        changeObserver = observer
    }

    /// Adds a whole base (a new one, or one loaded from a schema file,
    /// which replaces a base of the same id).
    func add(_ base: AirtableBase) async throws {
        await turns.begin()
        defer { turns.end() }
        if let storage {
            // A replaced base leaves none of its rows behind.
            let changes = [StorageChange.deleteAll(prefix: "")] + AirtablePersistence.rows(for: base)
            try await storage.commit(changes, in: AirtablePersistence.namespace(base.id))
        }
        bases[base.id] = base
    }

    /// Adds a table to a base, creating the base when needed.
    func addTable(_ table: AirtableTable, toBase baseID: String) async throws {
        await turns.begin()
        defer { turns.end() }
        var base = bases[baseID] ?? AirtableBase(id: baseID, name: baseID)
        var table = table
        table.position = (base.tables.map(\.position).max() ?? -1) + 1
        base.tables.append(table)
        if let storage {
            var changes: [StorageChange] = [.put(key: "base", value: AirtablePersistence.encode(base))]
            changes.append(.put(key: AirtablePersistence.tableKey(table.id), value: AirtablePersistence.encode(table)))
            for record in table.records.values {
                changes.append(
                    .put(
                        key: AirtablePersistence.recordKey(table: table.id, record: record.id),
                        value: AirtablePersistence.encode(record)))
            }
            try await storage.commit(changes, in: AirtablePersistence.namespace(baseID))
        }
        bases[baseID] = base
    }

    /// Keeps an uploaded file's bytes; `false` when the files would take
    /// more than ``maxFileBytes``.
    func storeFile(_ data: Data, id: String) async throws -> Bool {
        // A file kept again under its id (an import) replaces its bytes.
        let growth = data.count - (files[id]?.count ?? 0)
        guard fileBytes + growth <= Self.maxFileBytes else { return false }
        if let storage {
            try await storage.commit([.put(key: id, value: data)], in: AirtablePersistence.filesNamespace)
        }
        files[id] = data
        fileBytes += growth
        return true
    }

    /// An uploaded file's bytes.
    func file(_ id: String) -> Data? {
        files[id]
    }
}
