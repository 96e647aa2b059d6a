import Foundation
import Networking

/// Every thread of lesson 3's Message Board, as Firebase answers `GET .json`:
/// an object of threads keyed by their identifiers, in alphabetical order of
/// title once decoded.
///
/// Anyone can write to the lesson's database, so decoding keeps every good
/// thread and message and reports the rest in ``skipped``: a thread that
/// does not decode is left out under its key; a message that does not decode
/// is left out under `<thread key>.messages.<push id>`, and the rest of its
/// thread stays. Firebase answers `null` for an empty database, which
/// decodes as an empty board.
///
/// ```swift
/// let board = try JSONDecoder.messageBoard.decode(MessageBoard.self, from: data)
/// board.threads.first?.title    // "REST APIs"
/// board.skipped                 // what was left out, and why
/// ```
public struct MessageBoard: Sendable, Equatable, Codable {
    /// The threads, in alphabetical order of title.
    public private(set) var threads: [MessageThread]
    /// The threads and messages that did not decode, with the reason.
    public var skipped: [SkippedElement]

    /// Creates a board of `threads`, sorted by title.
    public init(threads: [MessageThread] = [], skipped: [SkippedElement] = []) {
        self.threads = threads.sortedByTitle()
        self.skipped = skipped
    }

    /// The thread stored under `identifier`, if there is one.
    public func thread(withIdentifier identifier: String) -> MessageThread? {
        threads.first { $0.identifier == identifier }
    }

    /// Adds a thread in title order, replacing one with the same identifier:
    /// how a board takes in a thread just created or a message just posted.
    public mutating func insert(_ thread: MessageThread) {
        threads.removeAll { $0.identifier == thread.identifier }
        let index = threads.firstIndex { MessageThread.areInTitleOrder(thread, $0) } ?? threads.endIndex
        threads.insert(thread, at: index)
    }

    /// Reads every thread and message it can; `null` is an empty board.
    ///
    /// - Throws: A `DecodingError` only when the body is neither `null` nor a
    ///   JSON object.
    public init(from decoder: any Decoder) throws {
        if try decoder.singleValueContainer().decodeNil() {
            self.init()
            return
        }
        let entries = try LossyDictionary<String, LenientThread>(from: decoder)
        var skipped = entries.skipped
        for (key, entry) in entries.elements.sorted(by: { $0.key < $1.key }) {
            skipped += entry.skippedMessages.map {
                SkippedElement(key: "\(key).messages.\($0.key)", reason: $0.reason)
            }
        }
        self.init(threads: entries.elements.values.map(\.thread), skipped: skipped)
    }

    /// Writes the threads as Firebase stores them: keyed by identifier.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DynamicCodingKey.self)
        for thread in threads {
            try container.encode(thread, forKey: DynamicCodingKey(stringValue: thread.identifier))
        }
    }
}

/// A thread read with its bad messages skipped, and those messages.
private struct LenientThread: Decodable {
    let thread: MessageThread
    let skippedMessages: [SkippedElement]

    init(from decoder: any Decoder) throws {
        var skipped: [SkippedElement] = []
        thread = try MessageThread(from: decoder, skippingBadMessagesInto: &skipped, lossy: true)
        skippedMessages = skipped
    }
}
