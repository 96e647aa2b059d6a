import ExampleSupport
import FirebaseAuthClient
import Foundation
import PostFeedClient
import ViewModels

/// The feed screen's steps as the commands take them: open it with what
/// the last run remembered, load, page, and turn a failed step into one
/// clear line.
@MainActor
enum FeedFlow {
    /// The screen on `backend`, cueing posts newer than the last run saw.
    static func open(
        _ backend: Backend, state: PostFeedState, dates: DateDisplayOptions, session: FirebaseAuthSession? = nil
    ) -> PostFeedViewModel {
        PostFeedViewModel(
            client: backend.postFeedClient(state: state, session: session),
            format: TimestampFormat(locale: dates.locale, timeZone: dates.timeZone),
            lastSeen: state.lastSeen()
        )
    }

    /// The newest page.
    static func load(_ screen: PostFeedViewModel) async throws {
        await WaitIndicator.showing("Loading posts") { await screen.load() }
        try check(screen)
    }

    /// The next older page, as when the last row shows.
    static func nextPage(_ screen: PostFeedViewModel) async throws {
        await WaitIndicator.showing("Loading more posts") {
            await screen.willDisplayRow(at: screen.rows.count - 1)
        }
        try check(screen)
    }

    /// Pages until a row's identifier is `identifier` or starts with it.
    ///
    /// - Throws: When no visible post matches, or more than one does.
    static func find(_ identifier: String, in screen: PostFeedViewModel) async throws -> PostCell.ViewModel {
        let wanted = identifier.uppercased()
        while true {
            let matches = screen.rows.filter { $0.identifier.uuidString.hasPrefix(wanted) }
            if matches.count > 1 {
                throw ExampleFailure("\"\(identifier)\" matches \(matches.count) posts; give more of the id.")
            }
            if let match = matches.first {
                return match
            }
            if screen.hasReachedEnd {
                throw ExampleFailure("No post in the feed has the id \"\(identifier)\" (hidden posts are not listed).")
            }
            try await nextPage(screen)
        }
    }

    /// Throws the screen's alert as one line when its last step failed.
    static func check(_ screen: PostFeedViewModel) throws {
        guard screen.state == .failed else { return }
        throw ExampleFailure(line(screen.alert, fallback: screen.error))
    }

    /// `Title: message`, or `Title! message` when the title has its own
    /// punctuation, as the lessons' alerts read.
    static func line(_ alert: AlertViewModel?, fallback: (any Error)?) -> String {
        guard let alert else { return fallback.map { String(describing: $0) } ?? "Something went wrong." }
        let separator = alert.title.last.map { ".!?".contains($0) } == true ? " " : ": "
        return alert.title + separator + alert.message
    }

    /// The first eight characters of a post's identifier, enough to name it
    /// to `report`.
    static func shortID(_ identifier: UUID) -> String {
        String(identifier.uuidString.prefix(8))
    }
}
