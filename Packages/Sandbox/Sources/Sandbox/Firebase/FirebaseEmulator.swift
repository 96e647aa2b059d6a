import Foundation

// SCAFFOLD: replaced by the Firebase emulator (issue 4).
/// The Firebase Realtime Database REST API, emulated.
public final class FirebaseEmulator: SandboxService {
    /// The emulator's settings.
    public struct Configuration: Sendable {
        /// The namespace used when a request has no `ns` query item.
        public var defaultNamespace: String
        /// When set, every request needs `auth=<secret>`; otherwise the
        /// database is open, like the lessons' public ones.
        public var authSecret: String?
        /// How often a stream without changes gets a `keep-alive` event.
        public var keepAliveInterval: Duration
        /// The largest accepted request body, in bytes.
        public var maxBodySize: Int
        /// Whether empty namespaces get the lessons' seed data.
        public var seedsLessonData: Bool

        /// Creates settings; the defaults are the lessons' open databases.
        public init(
            defaultNamespace: String = "default",
            authSecret: String? = nil,
            keepAliveInterval: Duration = .seconds(30),
            maxBodySize: Int = 16 << 20,
            seedsLessonData: Bool = true
        ) {
            self.defaultNamespace = defaultNamespace
            self.authSecret = authSecret
            self.keepAliveInterval = keepAliveInterval
            self.maxBodySize = maxBodySize
            self.seedsLessonData = seedsLessonData
        }
    }

    /// `firebase`.
    public var name: String { "firebase" }

    /// Creates the emulator.
    public init(configuration: Configuration, storage: (any SandboxStorage)?) async throws {}

    /// Paths ending in `.json`.
    public func handles(_ request: SandboxRequest) -> Bool {
        request.path.hasSuffix(".json")
    }

    /// Not implemented yet.
    public func respond(to request: SandboxRequest) async -> SandboxResponse {
        .json(501, ["error": "not implemented yet"])
    }
}
