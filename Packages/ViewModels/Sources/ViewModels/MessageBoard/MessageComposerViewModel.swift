import Foundation
import MessageBoardClient
import Models
import Networking
import Observation

/// Lesson 3's `MessageDetailViewController`: a name field
/// (`Enter your name:`), the message, and `Send`, which posts the message
/// and returns to the thread. The name is remembered for next time.
///
/// ```swift
/// let composer = detail.makeComposer()
/// composer.name                 // the name sent last time, if any
/// composer.text = "PUT replaces, POST adds"
/// if await composer.send() { pop() }   // composer.isFinished
/// ```
@MainActor
@Observable
public final class MessageComposerViewModel {

    /// The name field's placeholder.
    public static let namePlaceholder = "Enter your name:"
    /// The button that sends.
    public static let sendButtonTitle = "Send"
    /// The alert when the name or the message is empty.
    public static let missingInformationAlert = AlertViewModel(
        title: "Missing Information", message: "Enter your name and a message to send.")
    /// The alert title when the message could not be sent; the message is
    /// the error's own line.
    public static let sendFailedTitle = "Message Not Sent"

    /// The name field's placeholder, `Enter your name:`.
    public var namePlaceholder: String { Self.namePlaceholder }
    /// The send button's title, `Send`.
    public var sendButtonTitle: String { Self.sendButtonTitle }

    /// The sender's name; the remembered one to start with.
    public var name: String
    /// The message.
    public var text = ""
    /// The thread the message goes to.
    public private(set) var thread: MessageThread
    /// Where the composer is.
    public var state: SubmitState { submission.state }
    /// The alert to show, if any.
    public var alert: AlertViewModel? { submission.alert }
    /// Why the last send failed, when the network failed.
    public var error: NetworkError? { submission.error }

    private let client: MessageBoardClient
    private let senderNames: SenderNameStore
    private let onSent: @MainActor (MessageThread) -> Void
    private let submission = FormSubmission()
    /// Sees every state the composer passes through, for tests.
    var stateObserver: ((SubmitState) -> Void)? {
        get { submission.stateObserver }
        set { submission.stateObserver = newValue }
    }

    /// Creates a composer for `thread`; `onSent` receives the thread with
    /// the message added.
    public init(
        client: MessageBoardClient,
        thread: MessageThread,
        senderNames: SenderNameStore = SenderNameStore(),
        onSent: @escaping @MainActor (MessageThread) -> Void = { _ in }
    ) {
        self.client = client
        self.thread = thread
        self.senderNames = senderNames
        self.onSent = onSent
        name = senderNames.name ?? ""
    }

    /// Whether the composer is done and the thread shows again.
    public var isFinished: Bool { state == .submitted }

    /// Whether both fields have text.
    public var canSend: Bool {
        !trimmed(name).isEmpty && !trimmed(text).isEmpty
    }

    /// Sends the message: a POST to `<thread>/messages.json`. On success the
    /// name is remembered and the composer finishes.
    ///
    /// A POST is never retried (a second one could store the message twice),
    /// so a failure is reported at once and the text stays for another try.
    ///
    /// - Returns: Whether it was sent.
    @discardableResult
    public func send() async -> Bool {
        let sender = trimmed(name)
        return await submission.submit(
            isComplete: canSend, incomplete: Self.missingInformationAlert,
            failureAlert: { AlertViewModel(title: Self.sendFailedTitle, message: $0.description) },
            send: { () throws(NetworkError) in
                try await client.createMessage(in: thread, text: trimmed(text), sender: sender)
            },
            sent: { updated in
                thread = updated
                // The message is sent either way; a name that cannot be
                // saved is only typed again next time.
                try? senderNames.remember(sender)
                onSent(updated)
            })
    }

    /// Hides the alert; the fields keep what was typed.
    public func dismissAlert() {
        submission.dismissAlert()
    }

    private func trimmed(_ value: String) -> String {
        value.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
