import Foundation

/// Durable storage for the emulators' data: key-value rows grouped in
/// namespaces (`firebase/devmtn-post`, `airtable/appIBfoNbzEaA72c2`).
///
/// The Sandbox keeps every emulator's state in memory and, when it has a
/// storage, writes each change through it before answering, so an
/// acknowledged write survives a crash. SandboxServer provides the SQLite
/// implementation; without one the Sandbox runs in memory only.
public protocol SandboxStorage: Sendable {
    /// Every row of a namespace.
    func load(namespace: String) async throws -> [String: Data]

    /// The namespaces whose names start with `prefix`.
    func namespaces(withPrefix prefix: String) async throws -> [String]

    /// Applies the changes in one transaction, in order, and returns only
    /// once they are durable.
    func commit(_ changes: [StorageChange], in namespace: String) async throws

    /// Removes every row of every namespace.
    func removeAll() async throws
}

/// One change to a storage namespace.
public enum StorageChange: Sendable, Hashable {
    /// Sets a row.
    case put(key: String, value: Data)
    /// Removes a row, if present.
    case delete(key: String)
    /// Removes every row whose key starts with the prefix.
    case deleteAll(prefix: String)
}
