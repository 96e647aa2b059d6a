import Foundation

extension Post {
    /// The JSON Firebase stores for a post, without its key: exactly
    /// `{"text", "timestamp", "username"}`, each required.
    public struct Body: Sendable, Hashable, Codable {
        /// Who wrote it.
        public var username: String
        /// What they wrote.
        public var text: String
        /// When, in seconds since 1970.
        public var timestamp: TimeInterval

        /// Creates a body.
        public init(username: String, text: String, timestamp: TimeInterval) {
            self.username = username
            self.text = text
            self.timestamp = timestamp
        }
    }
}
