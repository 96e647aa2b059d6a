import Foundation

extension ImageCache {
    /// How long a cached image is used without asking the server.
    public enum Freshness: Sendable, Hashable {
        /// As the server's `Cache-Control` says (`max-age`; `no-cache` is
        /// zero; `no-store` is not cached), or this long when it says
        /// nothing.
        case server(default: Duration)
        /// This long, whatever the server says; `.zero` asks every time.
        case fixed(Duration)
    }

    /// The cache's limits, where it keeps its files, and its clock.
    public struct Configuration: Sendable {
        /// The most image bytes kept in memory; the least recently used go
        /// first.
        public var memoryByteLimit: Int
        /// The folder for the disk cache, created if needed; `nil` keeps
        /// images in memory only. Use a folder of its own, such as the
        /// app's caches folder plus `SooGreyhoundsImages`: the cache owns
        /// every file in it.
        public var directory: URL?
        /// The most image bytes kept on disk; the least recently used go
        /// first.
        public var diskByteLimit: Int
        /// How long an image is used without asking the server.
        public var freshness: Freshness
        /// The current time; injectable so tests can let time pass.
        public var now: @Sendable () -> Date

        /// Creates a configuration.
        public init(
            memoryByteLimit: Int = 50 << 20,
            directory: URL? = nil,
            diskByteLimit: Int = 200 << 20,
            freshness: Freshness = .server(default: .seconds(3600)),
            now: @escaping @Sendable () -> Date = { Date() }
        ) {
            self.memoryByteLimit = max(0, memoryByteLimit)
            self.directory = directory
            self.diskByteLimit = max(0, diskByteLimit)
            self.freshness = freshness
            self.now = now
        }
    }
}
