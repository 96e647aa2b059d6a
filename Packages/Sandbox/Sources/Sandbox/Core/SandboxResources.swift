import Foundation

/// The Sandbox's bundled files (the lessons' seeds and photos), read from
/// the resource folder found once.
///
/// Not through `Bundle.url(forResource:withExtension:subdirectory:)` each
/// time: on Linux, CFBundle's resource search is not safe from many threads
/// at once, and sandboxes started in parallel crashed in it
/// (`_copyQueryTable`). The folder is looked up once, under Swift's
/// thread-safe lazy initialisation, and files are read from it directly.
enum SandboxResources {
    /// The bundle's `Resources` folder, or `nil` if the bundle has none.
    static let folder: URL? = Bundle.module.url(forResource: "Resources", withExtension: nil)

    /// The contents of `Resources/<path>`, such as `bankey/profile-1.json`,
    /// or `nil` when there is no such file. Paths stay inside the folder.
    static func data(_ path: String) -> Data? {
        guard let folder, !path.split(separator: "/").contains("..") else { return nil }
        return try? Data(contentsOf: folder.appending(path: path, directoryHint: .notDirectory))
    }
}
