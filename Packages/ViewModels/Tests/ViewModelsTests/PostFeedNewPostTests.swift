import Foundation
import Models
import Networking
import Observation
import PostFeedClient
import Sandbox
import Synchronization
import Testing

@testable import ViewModels

@MainActor
@Suite("New post form", .timeLimit(.minutes(10)))
struct PostFeedNewPostTests {
    static let uhOh = AlertViewModel(
        title: "Uh oh!",
        message: "You may be missing information or have network connectivity issues. Please try again.")

    @Test("The form's texts are the lesson's")
    func texts() async throws {
        let fixture = try await PostFeedFixture.make()
        let form = NewPostViewModel(client: fixture.feedClient())
        #expect(form.usernamePlaceholder == "Display name")
        #expect(form.textPlaceholder == "What's up?")
        #expect(NewPostViewModel.postButtonTitle == "Post")
        #expect(NewPostViewModel.missingInformationAlert == Self.uhOh)
        #expect(form.state == .editing)
        #expect(!form.canPost)
    }

    @Test(
        "Missing text gives the lesson's alert and sends nothing",
        arguments: [("", "Hello"), ("Ada", ""), ("  ", "Hello"), ("Ada", " \n ")])
    func missingText(username: String, text: String) async throws {
        let fixture = try await PostFeedFixture.make()
        let form = NewPostViewModel(client: fixture.feedClient())
        let log = ScreenStateLog<SubmitState>()
        form.stateObserver = log.observer
        form.username = username
        form.text = text

        #expect(await form.post() == false)

        #expect(log.states == [.failed])
        #expect(form.alert == Self.uhOh)
        #expect(form.error == nil)
        #expect(await fixture.sandbox.requests.all.isEmpty)
        form.dismissAlert()
        #expect(form.alert == nil)
        #expect(form.state == .editing)
        #expect(form.username == username && form.text == text)
    }

    @Test("A screen observing the form's state and alert is told when a post fails")
    func observed() async throws {
        let fixture = try await PostFeedFixture.make()
        let form = NewPostViewModel(client: fixture.feedClient())
        let changes = Mutex(0)
        withObservationTracking {
            _ = form.state
        } onChange: {
            changes.withLock { $0 += 1 }
        }
        withObservationTracking {
            _ = form.alert
        } onChange: {
            changes.withLock { $0 += 1 }
        }
        #expect(await form.post() == false)
        #expect(changes.withLock { $0 } == 2)
    }

    @Test("A post sent joins the feed at the top at once, not cued as new, and the form closes")
    func posting() async throws {
        let fixture = try await PostFeedFixture.make()
        let feed = PostFeedViewModel(client: fixture.feedClient(), format: PostFeedFixture.format)
        await feed.load()
        let form = feed.makeNewPostForm()
        let log = ScreenStateLog<SubmitState>()
        form.stateObserver = log.observer
        form.username = " Ada "
        form.text = "Hello, feed"

        #expect(await form.post())

        #expect(log.states == [.submitting, .submitted])
        #expect(form.alert == nil)
        let post = try #require(form.sentPost)
        #expect(post.username == "Ada")
        let first = try #require(feed.rows.first)
        #expect(first.identifier == post.identifier)
        #expect(first.text == "Hello, feed")
        #expect(first.detail.hasPrefix("Ada - "))
        #expect(!first.isNew)
        let stored = try await fixture.sandbox.firebase.value(
            at: "posts/\(post.identifier.uuidString)", namespace: PostFeedClient.sandboxNamespace)
        #expect(stored["text"]?.stringValue == "Hello, feed")
    }

    @Test("A post that does not get through gives the same alert, keeps the text, and says why")
    func networkFailure() async throws {
        let fixture = try await PostFeedFixture.make()
        let feed = PostFeedViewModel(client: fixture.feedClient(), format: PostFeedFixture.format)
        await feed.load()
        let rowsBefore = feed.rows
        let form = feed.makeNewPostForm()
        let log = ScreenStateLog<SubmitState>()
        form.stateObserver = log.observer
        form.username = "Ada"
        form.text = "Hello"
        try fixture.fail("/posts/*", method: "PUT", status: 503)

        #expect(await form.post() == false)

        #expect(log.states == [.submitting, .failed])
        #expect(form.alert == Self.uhOh)
        #expect(form.error?.status == 503)
        #expect(form.username == "Ada" && form.text == "Hello")
        #expect(form.sentPost == nil)
        #expect(feed.rows == rowsBefore)

        form.dismissAlert()
        #expect(await form.post())
        #expect(log.states == [.submitting, .failed, .editing, .submitting, .submitted])
        #expect(feed.rows.first?.text == "Hello")
    }
}
