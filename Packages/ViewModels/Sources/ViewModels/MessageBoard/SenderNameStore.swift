import Foundation
import Networking

/// Remembers the name the user last sent a message as, so the composer
/// fills it in next time: in memory, and in a small file when given one.
///
/// ```swift
/// let names = SenderNameStore(fileURL: support.appending(path: "sender-name.txt"))
/// names.name          // "Ada", from the last session
/// ```
///
/// A file that cannot be read counts as no name; the next send writes it
/// again.
@MainActor
public final class SenderNameStore {
    /// The file, or `nil` to remember only while the app runs.
    public let fileURL: URL?
    /// The remembered name, if any.
    public private(set) var name: String?

    /// Creates a store, reading the name `fileURL` holds.
    public init(fileURL: URL? = nil) {
        self.fileURL = fileURL
        name = fileURL.flatMap { try? String(contentsOf: $0, encoding: .utf8) }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Remembers `name`; it stays for this session even if the file
    /// cannot be written.
    ///
    /// - Throws: ``/Networking/NetworkError/fileFailed(_:)`` when the file
    ///   cannot be written.
    public func remember(_ name: String) throws(NetworkError) {
        self.name = name
        guard let fileURL else { return }
        do {
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((name + "\n").utf8).write(to: fileURL, options: .atomic)
        } catch {
            throw .fileFailed(FileFailure(.writing, fileURL, error: error))
        }
    }
}
