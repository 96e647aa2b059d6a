import Foundation
import Models

/// A row of a thread: the lesson's subtitle cell, with the message as its
/// text and the sender as its detail.
public enum MessageCell {
    /// What one row shows.
    ///
    /// ```swift
    /// cell.textLabel?.text = row.text          // "This is a test to make sure the API works!"
    /// cell.detailTextLabel?.text = row.sender  // "Spencer"
    /// ```
    public struct ViewModel: Sendable, Hashable, Codable {
        /// What was said.
        public var text: String
        /// Who said it.
        public var sender: String
        /// When, formatted.
        public var dateFormatted: String
        /// When.
        public var date: Date

        /// The row for `message`.
        public init(_ message: MessageThread.Message, format: TimestampFormat) {
            text = message.text
            sender = message.sender
            date = message.timestamp
            dateFormatted = format.string(from: message.timestamp)
        }
    }
}
