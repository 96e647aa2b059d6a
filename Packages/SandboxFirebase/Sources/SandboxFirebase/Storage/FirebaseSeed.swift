import Foundation
import Networking
import SandboxCore

/// The lessons' databases, written once into a new sandbox.
///
/// - `lambda-message-board`: the Message Board lesson's thread, the fixture
///   `threads-sample.json` unchanged, at the root (the lesson reads `/.json`).
/// - `devmtn-post`: the Post lesson's feed under `posts` (the lesson reads
///   `/posts.json`): 41 well-formed posts keyed by UUID at distinct
///   timestamps but for one pair that deliberately share a timestamp, so a
///   client paging with `endAt` must handle the tie, plus three malformed
///   entries a correct client skips (no `text`, a string `timestamp`, a key
///   that is not a UUID).
///
/// With a storage, each namespace gets a marker once seeded, so that a
/// database whose data was all deleted stays empty after a restart; only
/// `--reset` (which erases the storage) seeds again.
enum FirebaseSeed {
    /// A namespace and the bundled file holding its root.
    struct Database {
        /// The namespace, as clients pass it in `ns`.
        var namespace: String
        /// The JSON file under `Resources/firebase/`, without `.json`.
        var resource: String
    }

    /// The seeded databases.
    static let databases = [
        Database(namespace: "lambda-message-board", resource: "threads-sample"),
        Database(namespace: "devmtn-post", resource: "devmtn-post"),
    ]

    /// Why the seed data could not be read.
    struct MissingResource: Error, CustomStringConvertible {
        /// The file that was looked for.
        var resource: String

        var description: String {
            "The Firebase seed file Resources/firebase/\(resource).json is missing or not JSON."
        }
    }

    /// Seeds every lesson database not seeded before.
    static func seed(_ databases: FirebaseDatabases, storage: (any SandboxStorage)?) async throws {
        let markers = try await storage?.load(namespace: FirebaseStorageCodec.seedMarkers) ?? [:]
        for seed in Self.databases where markers[seed.namespace] == nil {
            let root = try contents(of: seed.resource)
            let database = try databases.database(named: seed.namespace)
            let now = FirebaseEmulator.currentTime()
            for (key, value) in root.objectValue ?? [:] {
                let write = FirebaseWrite(
                    path: FirebasePath(keys: [key]), operation: .set(value), wantsETag: false, now: now)
                if case .failure(let error) = await database.apply(write) { throw error }
            }
            try await storage?.commit(
                [.put(key: seed.namespace, value: Data("true".utf8))], in: FirebaseStorageCodec.seedMarkers)
        }
    }

    /// The JSON in `Resources/firebase/<resource>.json`.
    static func contents(of resource: String) throws -> JSON {
        guard
            let data = SandboxResources.firebase.data("firebase/\(resource).json"),
            let value = try? JSON.parse(data)
        else { throw MissingResource(resource: resource) }
        return value
    }
}
