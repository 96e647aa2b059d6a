import Foundation

/// An emulator's bundled seed data: the lessons' payloads and photos, read
/// by a path inside its `Resources` folder.
public struct SandboxResources: Sendable {
    /// The `Resources` folder; `nil` when the bundle has none.
    public let folder: URL?

    /// Resources in `folder`, such as an emulator module's
    /// `Bundle.module.url(forResource: "Resources", withExtension: nil)`.
    public init(folder: URL?) {
        self.folder = folder
    }

    /// The file at `path` (`firebase/devmtn-post.json`), or `nil` when it is
    /// missing or the path climbs out with `..`.
    public func data(_ path: String) -> Data? {
        guard let folder, !path.split(separator: "/").contains("..") else { return nil }
        return try? Data(contentsOf: folder.appending(path: path, directoryHint: .notDirectory))
    }
}
