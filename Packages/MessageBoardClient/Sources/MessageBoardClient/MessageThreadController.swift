import Foundation
import Models
import Networking

/// Lesson 3's `MessageThreadController` in the lesson's own shape: a class
/// holding ``messageThreads`` for the table views, with the lesson's three
/// calls and their escaping completions, each run on the main queue once
/// ``messageThreads`` is up to date.
///
/// ```swift
/// let controller = MessageThreadController(client: board)
/// controller.fetchMessageThreads { error in
///     tableView.reloadData()  // controller.messageThreads, sorted by title
/// }
/// controller.createMessage(in: thread, text: "PUT or POST?", sender: "Ada") { error in
///     navigationController?.popViewController(animated: true)
/// }
/// ```
///
/// The lesson made `MessageThread` a class so that a message appended to
/// the thread a detail screen held showed up there too. The SDK's thread is
/// a value, so the controller is where the current thread lives: after
/// ``createMessage(in:text:sender:completion:)`` the thread in
/// ``messageThreads`` (and ``messageThread(withIdentifier:)``) has the new
/// message, and a detail screen reads it back from there in
/// `viewWillAppear`, as the lesson's reloads the table.
///
/// For `async` code, ``MessageBoardClient`` has the same calls without the
/// state; the `ViewModels` package builds the lesson's three screens on it.
@MainActor
public final class MessageThreadController {
    /// The lesson's database (`https://lambda-message-board.firebaseio.com`),
    /// long gone; the Sandbox serves its namespace, `lambda-message-board`.
    public static let baseURL = MessageBoardClient.lessonDatabaseURL

    /// The threads fetched or created so far, as the lesson's table shows
    /// them.
    public private(set) var messageThreads: [MessageThread] = []

    /// The client that makes the requests.
    public let client: MessageBoardClient

    /// Creates a controller with no threads; call
    /// ``fetchMessageThreads(completion:)`` to load them.
    public init(client: MessageBoardClient) {
        self.client = client
    }

    /// The thread with this identifier as the controller has it now, with
    /// every message created through it.
    public func messageThread(withIdentifier identifier: String) -> MessageThread? {
        messageThreads.first { $0.identifier == identifier }
    }

    /// Reads the whole board (a GET of `.json`) and replaces
    /// ``messageThreads`` with its threads, sorted by title; on failure they
    /// stay as they were.
    ///
    /// - Parameter completion: Called on the main queue with `nil`, or the
    ///   error, after ``messageThreads`` changed.
    /// - Returns: A handle to cancel the request.
    @discardableResult
    public func fetchMessageThreads(
        completion: @escaping @MainActor @Sendable (NetworkError?) -> Void
    ) -> NetworkTask {
        let client = client
        return run(
            { () async throws(NetworkError) in try await client.fetchMessageThreads() },
            then: { [self] board in messageThreads = board.threads },
            completion: completion)
    }

    /// Creates a thread with a PUT to `<identifier>.json` under a new UUID,
    /// and appends it to ``messageThreads``.
    ///
    /// - Parameters:
    ///   - title: The new thread's title.
    ///   - completion: Called on the main queue with `nil`, or the error,
    ///     after ``messageThreads`` changed.
    /// - Returns: A handle to cancel the request.
    @discardableResult
    public func createMessageThread(
        title: String,
        completion: @escaping @MainActor @Sendable (NetworkError?) -> Void
    ) -> NetworkTask {
        let client = client
        return run(
            { () async throws(NetworkError) in try await client.createMessageThread(title: title) },
            then: { [self] thread in keep(thread) },
            completion: completion)
    }

    /// Adds a message to a thread with a POST to
    /// `<thread>/messages.json`; the thread in ``messageThreads`` then has
    /// it, as the lesson's class did.
    ///
    /// - Parameters:
    ///   - thread: The thread to add to.
    ///   - text: The message.
    ///   - sender: Who sends it.
    ///   - completion: Called on the main queue with `nil`, or the error,
    ///     after ``messageThreads`` changed. A POST is never retried (a
    ///     repeat would store the message twice), so a failure is final.
    /// - Returns: A handle to cancel the request.
    @discardableResult
    public func createMessage(
        in thread: MessageThread,
        text: String,
        sender: String,
        completion: @escaping @MainActor @Sendable (NetworkError?) -> Void
    ) -> NetworkTask {
        let client = client
        return run(
            { () async throws(NetworkError) in try await client.createMessage(in: thread, text: text, sender: sender) },
            then: { [self] updated in
                // Add the new message to the controller's copy, which may
                // have gained others since `thread` was read.
                var current = messageThread(withIdentifier: thread.identifier) ?? thread
                for message in Set(updated.messages).subtracting(thread.messages) {
                    current.append(message)
                }
                keep(current)
            },
            completion: completion)
    }

    /// Runs `operation`, applies its value to the controller on the main
    /// queue, then calls `completion` with `nil`, or with the error and
    /// nothing applied: the lesson's `(Error?) -> Void` completions.
    private func run<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws(NetworkError) -> Value,
        then apply: @escaping @MainActor @Sendable (Value) -> Void,
        completion: @escaping @MainActor @Sendable (NetworkError?) -> Void
    ) -> NetworkTask {
        NetworkTask(
            completion: { (result: Result<Value, NetworkError>) in
                switch result {
                case .success(let value):
                    apply(value)
                    completion(nil)
                case .failure(let error):
                    completion(error)
                }
            },
            operation: operation)
    }

    /// Puts `thread` in place of the one with its identifier, or adds it.
    private func keep(_ thread: MessageThread) {
        if let index = messageThreads.firstIndex(where: { $0.identifier == thread.identifier }) {
            messageThreads[index] = thread
        } else {
            messageThreads.append(thread)
        }
    }
}
