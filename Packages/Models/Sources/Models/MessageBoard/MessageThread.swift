import Foundation
import Networking

/// A thread of lesson 3's Message Board, stored in the Firebase Realtime
/// Database at `<identifier>.json`.
///
/// The lesson made this a class so that `createMessage` could append to the
/// very thread the table views were showing. In Swift 6 a class shared
/// between a network callback and the UI is a data race unless it is locked
/// or isolated. A `Sendable` struct has no shared state to race on: append
/// with the `mutating` ``append(_:)`` to the copy you own (a view model's
/// state, say), or take a new value with ``appending(_:)``, and publish the
/// result where the UI reads it. That costs one copy of the value, and makes
/// every change explicit.
///
/// Messages arrive in three shapes, and all decode: an object keyed by the
/// push ids Firebase made for each POST, an array (what a PUT of a whole
/// thread stores), or nothing at all (Firebase drops an empty list). They are
/// kept in chronological order.
///
/// ```swift
/// var thread = MessageThread(title: "REST APIs")     // a new UUID identifier
/// try JSONEncoder.messageBoard.encode(thread)
/// // {"identifier":"…","messages":[],"title":"REST APIs"}, the lesson's PUT
/// thread.append(MessageThread.Message(text: "Hi", sender: "Ada"))
/// ```
public struct MessageThread: Sendable, Hashable, Identifiable, Codable {
    /// What the thread is about.
    public var title: String
    /// The key Firebase stores the thread under: a UUID string, made by the
    /// client that creates the thread.
    public var identifier: String
    /// The messages, oldest first.
    public private(set) var messages: [Message]

    /// The JSON keys of a thread.
    public enum CodingKeys: String, CodingKey, Sendable {
        /// `title`
        case title
        /// `identifier`
        case identifier
        /// `messages`
        case messages
    }

    /// Creates a thread; a new one gets a new identifier and no messages.
    public init(title: String, identifier: String = UUID().uuidString, messages: [Message] = []) {
        self.title = title
        self.identifier = identifier
        self.messages = messages.sorted()
    }

    /// The identifier, for SwiftUI lists.
    public var id: String { identifier }

    /// Adds a message in chronological order: the lesson's in-place append,
    /// on a value you own.
    public mutating func append(_ message: Message) {
        let index = messages.lastIndex { $0 <= message }.map { $0 + 1 } ?? 0
        messages.insert(message, at: index)
    }

    /// A copy of the thread with `message` added in chronological order.
    public func appending(_ message: Message) -> MessageThread {
        var copy = self
        copy.append(message)
        return copy
    }

    /// Whether `lhs` comes before `rhs` alphabetically by title (ignoring
    /// case and accents, with numbers in numeric order), then by identifier.
    ///
    /// The same order on every device: it does not depend on the locale.
    public static func areInTitleOrder(_ lhs: MessageThread, _ rhs: MessageThread) -> Bool {
        switch lhs.title.compare(rhs.title, options: [.caseInsensitive, .diacriticInsensitive, .numeric]) {
        case .orderedAscending: true
        case .orderedDescending: false
        case .orderedSame: (lhs.title, lhs.identifier) < (rhs.title, rhs.identifier)
        }
    }

    /// Reads a thread; any message that does not decode fails it, with the
    /// message's push id or index in the error's coding path.
    ///
    /// ``MessageBoard`` decodes threads more forgivingly: it skips and
    /// reports a bad message and keeps the rest of its thread.
    public init(from decoder: any Decoder) throws {
        var skipped: [SkippedElement] = []
        try self.init(from: decoder, skippingBadMessagesInto: &skipped, lossy: false)
    }

    /// Writes `{"identifier", "messages", "title"}` with the messages as an
    /// array, as the lesson's PUT does.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(identifier, forKey: .identifier)
        try container.encode(messages, forKey: .messages)
    }

    /// Reads a thread, skipping bad messages into `skipped` when `lossy`.
    init(from decoder: any Decoder, skippingBadMessagesInto skipped: inout [SkippedElement], lossy: Bool) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let title = try container.decode(String.self, forKey: .title)
        let identifier = try container.decode(String.self, forKey: .identifier)
        let messages = try MessageList.decode(from: container, forKey: .messages, lossy: lossy)
        skipped += messages.skipped
        self.init(title: title, identifier: identifier, messages: messages.elements)
    }
}

extension Sequence<MessageThread> {
    /// The threads in alphabetical order of title: the lesson's Go Further.
    public func sortedByTitle() -> [MessageThread] {
        sorted(by: MessageThread.areInTitleOrder)
    }
}
