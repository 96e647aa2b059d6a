import Foundation

extension MessageThread {
    /// One message of a thread, POSTed to `<thread>/messages.json`, where
    /// Firebase stores it under a new push id.
    ///
    /// `timestamp` is written as `Date`'s own default encoding, a number of
    /// seconds since 1 January 2001, which is what the lesson's data holds
    /// (`5.55405872056162E8` is 2018-08-08 07:24:32 UTC). The message reads
    /// and writes that number itself, whatever date strategy the coder has:
    /// a decoder set to seconds since 1970 would otherwise move every message
    /// 31 years without an error.
    ///
    /// Messages compare by time, then sender, then text, so sorting them is
    /// chronological: the lesson's Go Further.
    public struct Message: Sendable, Hashable, Comparable, Codable {
        /// What was said.
        public var text: String
        /// Who said it.
        public var sender: String
        /// When it was said.
        public var timestamp: Date

        /// The JSON keys of a message.
        public enum CodingKeys: String, CodingKey, Sendable {
            /// `text`
            case text
            /// `sender`
            case sender
            /// `timestamp`
            case timestamp
        }

        /// Creates a message, by default sent now.
        public init(text: String, sender: String, timestamp: Date = Date()) {
            self.text = text
            self.sender = sender
            self.timestamp = timestamp
        }

        /// Reads `text`, `sender` and `timestamp` (seconds since 2001), all required.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            text = try container.decode(String.self, forKey: .text)
            sender = try container.decode(String.self, forKey: .sender)
            let seconds = try container.decode(Double.self, forKey: .timestamp)
            timestamp = Date(timeIntervalSinceReferenceDate: seconds)
        }

        /// Writes `{"sender", "text", "timestamp"}`, the lesson's POST body.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(text, forKey: .text)
            try container.encode(sender, forKey: .sender)
            try container.encode(timestamp.timeIntervalSinceReferenceDate, forKey: .timestamp)
        }

        /// Earlier messages first; at the same instant, by sender, then text.
        public static func < (lhs: Message, rhs: Message) -> Bool {
            (lhs.timestamp, lhs.sender, lhs.text) < (rhs.timestamp, rhs.sender, rhs.text)
        }
    }
}
