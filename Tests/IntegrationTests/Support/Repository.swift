import Foundation

/// The repository the tests run from.
enum Repository {
    /// Its root, from this file's place in it (`Tests/IntegrationTests/Support/`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
}
