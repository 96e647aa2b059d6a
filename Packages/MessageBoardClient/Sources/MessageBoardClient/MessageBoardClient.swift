import FirebaseClient
import Foundation
import Models
import Networking

/// Lesson 3's `MessageThreadController` as a client: threads made with PUT,
/// messages added with POST, the whole board read at once, and a thread
/// followed live.
///
/// ```swift
/// let firebase = FirebaseClient(databaseURL: MessageBoardClient.lessonDatabaseURL)
/// let board = MessageBoardClient(firebase: firebase)
/// var thread = try await board.createMessageThread(title: "REST APIs")
/// thread = try await board.createMessage(in: thread, text: "PUT or POST?", sender: "Ada")
/// let threads = try await board.fetchMessageThreads().threads   // sorted by title
/// ```
///
/// The lesson's two writes show the difference between the methods. A
/// thread is PUT under a UUID the app made: repeating the PUT stores it
/// once, so the client retries it when a connection drops. A message is
/// POSTed and Firebase makes its key: a repeated POST would store it twice,
/// so it is never retried, and a failure is the caller's to report.
///
/// The lesson's controller was a class holding the threads for the table
/// views. This client holds nothing, so it is a `Sendable` struct: keep
/// the ``/Models/MessageBoard`` it returns where the screen's state lives.
public struct MessageBoardClient: Sendable {
    /// The lesson's database (the original is gone; point this client at
    /// the Sandbox with the `lambda-message-board` namespace instead).
    public static let lessonDatabaseURL = URL(string: "https://lambda-message-board.firebaseio.com")!
    /// The Sandbox namespace seeded with the lesson's thread.
    public static let sandboxNamespace = "lambda-message-board"

    /// The database client: its `http` takes observers and interceptors
    /// (`board.firebase.http.interceptors.append(…)`).
    public var firebase: FirebaseClient

    /// Creates a client for the board at the root of `firebase`'s database.
    public init(firebase: FirebaseClient) {
        self.firebase = firebase
    }

    /// Creates a thread: a PUT of `{"identifier", "title"}` to
    /// `<identifier>.json`, under a new UUID.
    ///
    /// - Returns: The new thread, with no messages.
    public func createMessageThread(title: String) async throws(NetworkError) -> MessageThread {
        let thread = MessageThread(title: title)
        try await firebase.put(thread, at: thread.identifier, silently: true)
        return thread
    }

    /// Adds a message to a thread: a POST to `<thread>/messages.json`, where
    /// Firebase stores it under a new push id.
    ///
    /// - Returns: The thread with the message added in time order (the
    ///   lesson appended to its class instance; this returns a new value).
    public func createMessage(
        in thread: MessageThread, text: String, sender: String
    ) async throws(NetworkError) -> MessageThread {
        let message = MessageThread.Message(text: text, sender: sender)
        _ = try await firebase.post(message, to: "\(thread.identifier)/messages")
        return thread.appending(message)
    }

    /// Reads every thread: a GET of `.json`, the whole board.
    ///
    /// Threads come sorted by title and messages by time (the lesson's Go
    /// Further). A thread or message that does not decode is left out and
    /// listed in ``/Models/MessageBoard/skipped``; an empty database is an
    /// empty board.
    ///
    /// - Throws: ``/Networking/NetworkError/decodingFailed(_:)`` when the body is not
    ///   a board at all (truncated, an HTML page, an array).
    public func fetchMessageThreads() async throws(NetworkError) -> MessageBoard {
        try await firebase.get("", as: MessageBoard.self)
    }

    /// Follows a thread live: the thread now, then again whenever a message
    /// is added, changed or removed, by anyone.
    ///
    /// Built on ``/FirebaseClient/FirebaseClient/values(at:query:)``, it
    /// reconnects by itself and ends when the iterating task is cancelled.
    /// Messages that do not decode are left out; a thread that no longer
    /// exists reads as the thread with no messages.
    ///
    /// ```swift
    /// for try await current in board.messageUpdates(in: thread) {
    ///     messages = current.messages
    /// }
    /// ```
    public func messageUpdates(in thread: MessageThread) -> NetworkStream<MessageThread> {
        let values = firebase.values(at: thread.identifier)
        let decoder = firebase.http.decoder
        return NetworkStream(
            AsyncThrowingStream { continuation in
                let task = Task {
                    do {
                        for try await value in values {
                            continuation.yield(try Self.thread(from: value, like: thread, decoder: decoder))
                        }
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in
                    task.cancel()
                }
            })
    }

    /// Reads a streamed thread as the board reads its threads, forgiving
    /// bad messages.
    private static func thread(
        from value: JSON, like thread: MessageThread, decoder: JSONDecoder
    ) throws(NetworkError) -> MessageThread {
        if value == .null {
            return MessageThread(title: thread.title, identifier: thread.identifier)
        }
        let board: MessageBoard
        do {
            board = try JSON.object([thread.identifier: value]).decode(MessageBoard.self, using: decoder)
        } catch {
            throw .decodingFailed(DecodingFailure(error, decoding: MessageThread.self, body: encoded(value)))
        }
        guard let decoded = board.thread(withIdentifier: thread.identifier) else {
            let reason = board.skipped.first?.reason ?? "the thread did not decode"
            let error = DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: reason))
            throw .decodingFailed(DecodingFailure(error, decoding: MessageThread.self, body: encoded(value)))
        }
        return decoded
    }

    private static func encoded(_ value: JSON) -> Data {
        (try? JSONEncoder().encode(value)) ?? Data()
    }
}
