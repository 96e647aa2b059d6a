import Models

/// A row of the Message Board: the lesson's basic cell with the thread's
/// title.
public enum MessageThreadCell {
    /// What one row shows.
    ///
    /// ```swift
    /// cell.textLabel?.text = row.title        // "REST APIs"
    /// cell.detailTextLabel?.text = row.detail // "1 message"
    /// ```
    public struct ViewModel: Sendable, Hashable, Identifiable, Codable {
        /// The thread's identifier, to open it.
        public var identifier: String
        /// The thread's title.
        public var title: String
        /// How many messages it holds.
        public var messageCount: Int
        /// `1 message`, `2 messages`, `No messages`.
        public var detail: String

        /// The identifier, for SwiftUI lists.
        public var id: String { identifier }

        /// The row for `thread`.
        public init(_ thread: MessageThread) {
            identifier = thread.identifier
            title = thread.title
            messageCount = thread.messages.count
            detail =
                switch messageCount {
                case 0: "No messages"
                case 1: "1 message"
                default: "\(messageCount) messages"
                }
        }
    }
}
