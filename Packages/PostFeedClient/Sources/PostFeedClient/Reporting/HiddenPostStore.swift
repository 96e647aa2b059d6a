import Foundation

/// The posts this user hid, kept in a small JSON file so they stay hidden
/// after the app restarts.
///
/// The caller chooses where the file lives (Application Support on Apple
/// platforms, a temporary directory in tests), or keeps the list in memory
/// only:
///
/// ```swift
/// let support = try FileManager.default.url(
///     for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
/// let store = HiddenPostStore(fileURL: support.appending(path: "hidden-posts.json"))
/// ```
public struct HiddenPostStore: Sendable {
    /// The file, or `nil` to keep nothing across launches.
    public let fileURL: URL?

    /// Creates a store backed by `fileURL`; `nil` keeps nothing.
    public init(fileURL: URL?) {
        self.fileURL = fileURL
    }

    /// A store that forgets everything when the app quits.
    public static let inMemory = HiddenPostStore(fileURL: nil)

    /// The hidden posts' identifiers; none if the file does not exist yet.
    ///
    /// - Throws: The file system's error, or a `DecodingError` if the file
    ///   is not one this store wrote.
    public func load() throws -> Set<UUID> {
        guard let fileURL, FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
        let contents = try JSONDecoder().decode(Contents.self, from: Data(contentsOf: fileURL))
        return Set(contents.hiddenPosts)
    }

    /// Replaces the stored identifiers, atomically: a crash mid-write leaves
    /// the previous list, never half a file.
    public func save(_ identifiers: Set<UUID>) throws {
        guard let fileURL else { return }
        try FileManager.default.createDirectory(
            at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let contents = Contents(hiddenPosts: identifiers.sorted { $0.uuidString < $1.uuidString })
        try encoder.encode(contents).write(to: fileURL, options: .atomic)
    }

    /// The file's JSON: `{"hiddenPosts": ["<UUID>", …]}`.
    private struct Contents: Codable {
        var hiddenPosts: [UUID]
    }
}
