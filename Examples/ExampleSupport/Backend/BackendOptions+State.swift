import Foundation

extension BackendOptions {
    /// Where an example keeps what it remembers for the user between runs
    /// (posts hidden, the last post seen, the sender's name): `<name>` in the
    /// data directory, beside the embedded sandbox's database, so `--data-dir`
    /// moves both and one folder holds everything a run leaves behind.
    ///
    /// With `--reset` it starts empty, like the sandbox.
    ///
    /// - Throws: The file system's error when an old folder cannot be removed.
    public func stateDirectory(named name: String, environment: DotEnv = DotEnv()) throws -> URL {
        let base =
            dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? Backend.defaultDataDirectory(environment: environment)
        let directory = base.appendingPathComponent(name, isDirectory: true)
        if reset, FileManager.default.fileExists(atPath: directory.path) {
            try FileManager.default.removeItem(at: directory)
        }
        return directory
    }
}
