import ExampleSupport
import Foundation

/// What `post-feed` remembers between runs, in `post-feed/` under the data
/// directory: the posts hidden, and the newest post seen, which decides
/// the "new" cue of the next run.
struct PostFeedState {
    /// The folder.
    let directory: URL

    /// The folder for `options`; `--reset` empties it.
    init(options: BackendOptions) throws {
        directory = try options.stateDirectory(named: "post-feed")
    }

    /// The hidden posts, as `HiddenPostStore` keeps them.
    var hiddenPostsFile: URL {
        directory.appendingPathComponent("hidden-posts.json")
    }

    private var lastSeenFile: URL {
        directory.appendingPathComponent("last-seen.json")
    }

    /// The newest timestamp seen in an earlier run; none when the file is
    /// missing or unreadable, which only costs the "new" cue.
    func lastSeen() -> TimeInterval? {
        guard let data = try? Data(contentsOf: lastSeenFile) else { return nil }
        return (try? JSONDecoder().decode(LastSeen.self, from: data))?.timestamp
    }

    /// Remembers the newest timestamp seen.
    func saveLastSeen(_ timestamp: TimeInterval?) throws {
        guard let timestamp else { return }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try JSONEncoder().encode(LastSeen(timestamp: timestamp)).write(to: lastSeenFile, options: .atomic)
    }

    private struct LastSeen: Codable {
        var timestamp: TimeInterval
    }
}
