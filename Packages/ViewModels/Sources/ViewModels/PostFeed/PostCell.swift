import Foundation
import Models

/// A row of the Post feed: the lesson's subtitle cell, with the message as
/// its text and `username - date` as its detail.
public enum PostCell {
    /// What one row shows, ready to put in labels.
    ///
    /// ```swift
    /// let row = PostCell.ViewModel(post, format: format, lastSeen: lastSeen)
    /// cell.textLabel?.text = row.text              // "Hello"
    /// cell.detailTextLabel?.text = row.detail      // "Ada - Mar 11, 2016 3:04 PM"
    /// cell.accessoryView = row.isNew ? newBadge : nil
    /// ```
    public struct ViewModel: Sendable, Hashable, Identifiable, Codable {
        /// The post's identifier, to report or hide it.
        public var identifier: UUID
        /// The message.
        public var text: String
        /// Who wrote it.
        public var username: String
        /// When it was posted, formatted.
        public var dateFormatted: String
        /// The lesson's detail line: `username - date`.
        public var detail: String
        /// When it was posted, in seconds since 1970.
        public var timestamp: TimeInterval
        /// Whether it is newer than the last post the user saw: the
        /// lesson's black diamond "cue to the user that a post is new".
        public var isNew: Bool

        /// The identifier, for SwiftUI lists.
        public var id: UUID { identifier }

        /// The row for `post`; it is new when it is newer than `lastSeen`
        /// (a timestamp), and nothing is new before the user saw anything.
        public init(_ post: Post, format: TimestampFormat, lastSeen: TimeInterval?) {
            identifier = post.identifier
            text = post.text
            username = post.username
            dateFormatted = format.string(from: post.date)
            detail = "\(post.username) - \(dateFormatted)"
            timestamp = post.timestamp
            isNew = Self.isNew(timestamp: post.timestamp, lastSeen: lastSeen)
        }

        /// Whether a post made at `timestamp` is new to a user who last saw
        /// `lastSeen`: newer than it, and never before the user saw anything.
        static func isNew(timestamp: TimeInterval, lastSeen: TimeInterval?) -> Bool {
            lastSeen.map { timestamp > $0 } ?? false
        }
    }
}
