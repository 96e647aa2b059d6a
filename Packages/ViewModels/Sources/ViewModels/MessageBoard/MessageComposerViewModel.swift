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
    public private(set) var state: SubmitState = .editing
    /// The alert to show, if any.
    public private(set) var alert: AlertViewModel?
    /// Why the last send failed, when the network failed.
    public private(set) var error: NetworkError?

    private let client: MessageBoardClient
    private let senderNames: SenderNameStore
    private let onSent: @MainActor (MessageThread) -> Void
    /// Sees every state the composer passes through, for tests.
    @ObservationIgnored var stateObserver: ((SubmitState) -> Void)?

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
        guard state != .submitting else { return false }
        guard canSend else {
            self.error = nil
            alert = Self.missingInformationAlert
            setState(.failed)
            return false
        }
        alert = nil
        setState(.submitting)
        let sender = trimmed(name)
        do {
            thread = try await client.createMessage(in: thread, text: trimmed(text), sender: sender)
            self.error = nil
            // The message is sent either way; a name that cannot be saved
            // is only typed again next time.
            try? senderNames.remember(sender)
            onSent(thread)
            setState(.submitted)
            return true
        } catch {
            self.error = error
            alert = AlertViewModel(title: Self.sendFailedTitle, message: error.description)
            setState(.failed)
            return false
        }
    }

    /// Hides the alert; the fields keep what was typed.
    public func dismissAlert() {
        alert = nil
        if state == .failed {
            setState(.editing)
        }
    }

    private func trimmed(_ value: String) -> String {
        value.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func setState(_ new: SubmitState) {
        state = new
        stateObserver?(new)
    }
}
