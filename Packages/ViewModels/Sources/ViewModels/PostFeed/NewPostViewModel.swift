import Foundation
import Models
import Networking
import Observation
import PostFeedClient

/// Lesson 2's new-post alert: a display name, a message, and the lesson's
/// `Uh oh!` alert when either is missing or the post cannot be sent.
///
/// ```swift
/// let form = feed.makeNewPostForm()
/// form.usernamePlaceholder     // "Display name"
/// form.textPlaceholder         // "What's up?"
/// form.username = "Ada"
/// form.text = "Hello"
/// if await form.post() { dismiss() } else { show(form.alert) }
/// ```
@MainActor
@Observable
public final class NewPostViewModel {

    /// The form's title.
    public static let title = "New Post"
    /// The name field's placeholder.
    public static let usernamePlaceholder = "Display name"
    /// The message field's placeholder.
    public static let textPlaceholder = "What's up?"
    /// The button that posts.
    public static let postButtonTitle = "Post"
    /// The button that closes the form.
    public static let cancelButtonTitle = "Cancel"
    /// The lesson's `presentErrorAlert()`: missing text, or a post that did
    /// not get through.
    public static let missingInformationAlert = AlertViewModel(
        title: "Uh oh!",
        message: "You may be missing information or have network connectivity issues. Please try again."
    )

    /// The name field's placeholder, `Display name`.
    public var usernamePlaceholder: String { Self.usernamePlaceholder }
    /// The message field's placeholder, `What's up?`.
    public var textPlaceholder: String { Self.textPlaceholder }

    /// The display name typed.
    public var username = ""
    /// The message typed.
    public var text = ""
    /// Where the form is.
    public var state: SubmitState { submission.state }
    /// The alert to show, if any.
    public var alert: AlertViewModel? { submission.alert }
    /// Why the last post failed, when the network failed: the lesson's
    /// alert does not say, a log or a terminal can.
    public var error: NetworkError? { submission.error }
    /// The post sent, once ``state`` is ``SubmitState/submitted``.
    public private(set) var sentPost: Post?

    private let client: PostFeedClient
    private let onPosted: @MainActor (Post) async -> Void
    private let submission = FormSubmission()
    /// Sees every state the form passes through, for tests.
    var stateObserver: ((SubmitState) -> Void)? {
        get { submission.stateObserver }
        set { submission.stateObserver = newValue }
    }

    /// Creates a form that posts with `client` and tells `onPosted` about
    /// each post sent.
    public init(client: PostFeedClient, onPosted: @escaping @MainActor (Post) async -> Void = { _ in }) {
        self.client = client
        self.onPosted = onPosted
    }

    /// Whether both fields have text (spaces alone do not count).
    public var canPost: Bool {
        !trimmed(username).isEmpty && !trimmed(text).isEmpty
    }

    /// Sends the post: the lesson's PUT of `posts/<uuid>.json`.
    ///
    /// - Returns: Whether it was sent; otherwise ``alert`` is the lesson's
    ///   `Uh oh!`.
    @discardableResult
    public func post() async -> Bool {
        await submission.submit(
            isComplete: canPost, incomplete: Self.missingInformationAlert,
            failureAlert: { _ in Self.missingInformationAlert },
            send: { () throws(NetworkError) in
                try await client.addPost(username: trimmed(username), text: trimmed(text))
            },
            sent: { post in
                sentPost = post
                await onPosted(post)
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
