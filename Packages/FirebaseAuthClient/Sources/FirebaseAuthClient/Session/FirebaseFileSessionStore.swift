import Foundation
import Networking

/// A session kept in a JSON file that only its owner can read and write
/// (mode `0600`, in a folder of mode `0700` that it creates): the Linux
/// stand-in for the Keychain, as command-line tools keep credentials.
///
/// ```swift
/// let store = FirebaseFileSessionStore(
///     url: FileManager.default.homeDirectoryForCurrentUser.appending(path: ".config/post-feed/session.json"))
/// ```
public struct FirebaseFileSessionStore: FirebaseSessionStore {
    /// The file.
    public let url: URL

    /// A store in the file at `url`.
    public init(url: URL) {
        self.url = url
    }

    /// The kept session; `nil` when there is no file. A file that is not a
    /// session is an error, not a sign-out.
    public func load() async throws(NetworkError) -> FirebaseStoredSession? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try onFile(.reading) {
            try JSONDecoder().decode(FirebaseStoredSession.self, from: Data(contentsOf: url))
        }
    }

    /// Writes `session` to a new file readable by its owner only, then
    /// moves it over the old one, so no reader sees half a file.
    public func save(_ session: FirebaseStoredSession) async throws(NetworkError) {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appending(path: ".\(url.lastPathComponent).\(UUID().uuidString)")
        try onFile(.writing) {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let data = try JSONEncoder().encode(session)
            guard
                FileManager.default.createFile(
                    atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600])
            else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path]) }
            // rename(2) replaces a kept file in one step and refuses a
            // folder. `FileManager.replaceItemAt` failed on Linux over a
            // file, and put the file in place of a folder and its contents.
            guard rename(temporary.path, url.path) == 0 else {
                let error = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                try? FileManager.default.removeItem(at: temporary)
                throw error
            }
        }
    }

    /// Removes the file.
    public func clear() async throws(NetworkError) {
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        try onFile(.writing) { try FileManager.default.removeItem(at: url) }
    }

    /// Runs `body`; what it throws is a ``/Networking/FileFailure`` of the
    /// file, with the system's error as its cause.
    private func onFile<Value>(_ operation: FileFailure.Operation, _ body: () throws -> Value) throws(NetworkError)
        -> Value
    {
        do {
            return try body()
        } catch {
            throw .fileFailed(FileFailure(operation, url, error: error))
        }
    }
}
