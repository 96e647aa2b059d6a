import Foundation
import Networking
import SandboxCore

extension FirebaseEmulator {
    /// The emulator's settings.
    public struct Configuration: Sendable {
        /// The namespace used when a request has no `ns` query item.
        public var defaultNamespace: String
        /// The database secret: with it (as `auth=` or a bearer token) a
        /// request is an administrator's and bypasses the rules. When set,
        /// only the secret is administrator (not the emulators' `owner`),
        /// and databases without rules of their own start locked.
        public var authSecret: String?
        /// The rules file text every database starts with, unless it has
        /// rules of its own; `nil` for open rules (locked with an
        /// ``authSecret``), as the lessons' public databases had.
        public var rules: String?
        /// Rules file texts for particular namespaces, by name: they
        /// replace the namespace's stored rules at start.
        public var namespaceRules: [String: String]
        /// How often a stream without changes gets a `keep-alive` event.
        public var keepAliveInterval: Duration
        /// The largest accepted request body, in bytes.
        public var maxBodySize: Int
        /// Whether empty namespaces get the lessons' seed data.
        public var seedsLessonData: Bool
        /// The most namespaces (databases) the emulator creates; a write to
        /// one more answers 507. Reading a namespace never creates it.
        public var maxNamespaces: Int

        /// Creates settings; the defaults are the lessons' open databases.
        public init(
            defaultNamespace: String = "default",
            authSecret: String? = nil,
            keepAliveInterval: Duration = .seconds(30),
            maxBodySize: Int = 16 << 20,
            seedsLessonData: Bool = true,
            maxNamespaces: Int = 1000,
            rules: String? = nil,
            namespaceRules: [String: String] = [:]
        ) {
            self.defaultNamespace = defaultNamespace
            self.authSecret = authSecret
            self.rules = rules
            self.namespaceRules = namespaceRules
            self.keepAliveInterval = keepAliveInterval
            self.maxBodySize = maxBodySize
            self.seedsLessonData = seedsLessonData
            self.maxNamespaces = max(1, maxNamespaces)
        }
    }
}
