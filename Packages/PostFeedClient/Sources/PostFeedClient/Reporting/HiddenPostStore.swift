import Foundation
import Networking

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
    /// - Throws: ``/Networking/NetworkError/fileFailed(_:)`` when the file
    ///   cannot be read or is not one this store wrote.
    public func load() throws(NetworkError) -> Set<UUID> {
        guard let fileURL, FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch {
            throw .fileFailed(FileFailure(.reading, fileURL, error: error))
        }
        do {
            return Set(try JSONDecoder().decode(Contents.self, from: data).hiddenPosts)
        } catch {
            throw .fileFailed(
                FileFailure(
                    operation: .reading, path: fileURL.path, reason: "it is not a list of hidden posts",
                    underlying: error))
        }
    }

    /// Replaces the stored identifiers, atomically: a crash mid-write leaves
    /// the previous list, never half a file.
    ///
    /// - Throws: ``/Networking/NetworkError/fileFailed(_:)`` when the file
    ///   cannot be written.
    public func save(_ identifiers: Set<UUID>) throws(NetworkError) {
        guard let fileURL else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let contents = Contents(hiddenPosts: identifiers.sorted { $0.uuidString < $1.uuidString })
        do {
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try encoder.encode(contents).write(to: fileURL, options: .atomic)
        } catch {
            throw .fileFailed(FileFailure(.writing, fileURL, error: error))
        }
    }

    /// The file's JSON: `{"hiddenPosts": ["<UUID>", …]}`.
    private struct Contents: Codable {
        var hiddenPosts: [UUID]
    }
}
