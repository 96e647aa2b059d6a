import Foundation
import Models
import Networking
import Observation
import PostFeedClient

/// Lesson 2's `PostListTableViewController`, without the table view: the
/// global feed as rows, newest first, with pull to refresh, paging as the
/// last row shows, a network-activity flag, report and hide, a "new" cue,
/// and live updates.
///
/// ```swift
/// let feed = PostFeedViewModel(client: PostFeedClient(firebase: firebase))
/// await feed.load()                              // .loading, then .loaded
/// feed.rows.first?.detail                        // "Margaret - Mar 11, 2016 3:04 PM"
/// await feed.willDisplayRow(at: feed.rows.count - 1)   // .paging: the next 15
/// await feed.refresh()                           // pull to refresh: .refreshing
/// let form = feed.makeNewPostForm()              // "Display name", "What's up?"
/// ```
///
/// One owner for the feed: the client holds it (pages merged without
/// duplicates, hidden posts left out, the paging cursor). This screen keeps
/// no copy of the posts, only its rows, rendered from the client's feed
/// after every intent and every live change, so they are always the
/// client's posts, in its order; a report or hide finds its post in the
/// client.
@MainActor
@Observable
public final class PostFeedViewModel {

    /// The alert title when a page cannot be fetched; the message is the
    /// error's own line.
    public static let fetchFailedTitle = "Error Fetching Posts"
    /// The alert title when a report cannot be recorded.
    public static let reportFailedTitle = "Report Not Sent"
    /// The alert title when the hidden list cannot be saved.
    public static let hideFailedTitle = "Post Hidden for Now"
    /// The alert title when the live stream fails for good.
    public static let liveUpdatesFailedTitle = "Live Updates Stopped"

    /// The feed's client.
    public let client: PostFeedClient
    /// How dates are shown.
    public let format: TimestampFormat

    /// Where the screen is.
    public private(set) var state: LoadState = .idle
    /// The rows, newest first, none repeated, none hidden.
    public private(set) var rows: [PostCell.ViewModel] = []
    /// The alert to show, if any; one at a time.
    public private(set) var alert: AlertViewModel?
    /// The last failure, for a caller that reports it in its own words.
    public private(set) var error: NetworkError?
    /// Whether paging reached the oldest post.
    public private(set) var hasReachedEnd = false
    /// The entries of the feed that are not posts, with the reason.
    public private(set) var skipped: [SkippedElement] = []
    /// The timestamp of the newest post the user has seen; posts newer
    /// than it are cued as new.
    public private(set) var lastSeen: TimeInterval?
    /// Whether a request is in flight: the lesson's network activity
    /// indicator.
    public var isNetworkActivityIndicatorVisible: Bool {
        activeRequests > 0
    }

    private var activeRequests = 0
    /// Whether a newest page arrived, so there is a last row to page from.
    private var hasLoadedNewestPage = false
    /// Posts made on this screen; the user saw them, so they are never new.
    private var postedHere: Set<UUID> = []
    /// Sees every state the screen passes through, for tests.
    @ObservationIgnored var stateObserver: ((LoadState) -> Void)?

    /// Creates the screen.
    ///
    /// - Parameters:
    ///   - client: The feed's client.
    ///   - format: How dates are shown; the user's locale and time zone by
    ///     default.
    ///   - lastSeen: The newest timestamp the user saw in an earlier
    ///     session, to cue what arrived since; `nil` the first time, when
    ///     the first page becomes what was seen.
    public init(client: PostFeedClient, format: TimestampFormat = TimestampFormat(), lastSeen: TimeInterval? = nil) {
        self.client = client
        self.format = format
        self.lastSeen = lastSeen
    }

    /// Whether a page is on its way.
    public var isBusy: Bool {
        state.isBusy
    }

    /// Loads the newest page: on appear, or to try again after a failure.
    public func load() async {
        await fetchNewest(as: .loading)
    }

    /// Pull to refresh: replaces the feed with the newest page.
    public func refresh() async {
        await fetchNewest(as: .refreshing)
    }

    /// Loads the page just older than the last row, unless a page is on its
    /// way, the newest page has not arrived yet, or the oldest post is
    /// showing.
    public func loadNextPage() async {
        guard !isBusy, !hasReachedEnd, hasLoadedNewestPage else { return }
        setState(.paging)
        do throws(NetworkError) {
            let page = try await withNetworkActivity { () async throws(NetworkError) in
                try await client.fetchPosts(reset: false)
            }
            hasReachedEnd = page.hasReachedEnd
            await showClientFeed()
            setState(.loaded)
        } catch {
            fail(error, title: Self.fetchFailedTitle)
            setState(.failed)
        }
    }

    /// The lesson's `willDisplayCell`: when the last row shows, the next
    /// page loads.
    public func willDisplayRow(at index: Int) async {
        guard index == rows.count - 1 else { return }
        await loadNextPage()
    }

    /// Marks every row as seen, so only posts arriving later are cued.
    public func markAllAsSeen() {
        guard let newest = rows.first?.timestamp else { return }
        lastSeen = max(lastSeen ?? newest, newest)
        recueRows()
    }

    /// Hides the alert.
    public func dismissAlert() {
        alert = nil
    }

    /// A new-post form whose post joins these rows as soon as it is sent.
    public func makeNewPostForm() -> NewPostViewModel {
        NewPostViewModel(client: client) { [weak self] post in
            self?.postedHere.insert(post.identifier)
            await self?.showClientFeed()
        }
    }

    private func fetchNewest(as phase: LoadState) async {
        guard !isBusy else { return }
        setState(phase)
        do throws(NetworkError) {
            let page = try await withNetworkActivity { () async throws(NetworkError) in
                try await client.fetchPosts(reset: true)
            }
            hasReachedEnd = page.hasReachedEnd
            hasLoadedNewestPage = true
            await showClientFeed()
            if lastSeen == nil, let newest = rows.first?.timestamp {
                lastSeen = newest
                recueRows()
            }
            setState(.loaded)
        } catch {
            fail(error, title: Self.fetchFailedTitle)
            setState(.failed)
        }
    }

    /// Counts a request in flight while `operation` runs.
    func withNetworkActivity<T>(_ operation: () async throws(NetworkError) -> T) async throws(NetworkError) -> T {
        activeRequests += 1
        defer { activeRequests -= 1 }
        return try await operation()
    }

    /// Shows the feed the client holds now.
    func showClientFeed() async {
        render(await client.feed)
    }

    /// Shows `feed`, a snapshot of the client's, as rows.
    func render(_ feed: PostFeed) {
        skipped = feed.skipped
        rows = feed.posts.map { post in
            var row = PostCell.ViewModel(post, format: format, lastSeen: lastSeen)
            row.isNew = row.isNew && !postedHere.contains(post.identifier)
            return row
        }
    }

    /// The post behind a row, if the client's feed still holds it.
    func post(for row: PostCell.ViewModel) async -> Post? {
        await client.posts.first { $0.identifier == row.identifier }
    }

    /// Records a failure; an alert already showing stays, so there are
    /// never two at once.
    func fail(_ error: NetworkError, title: String) {
        self.error = error
        if alert == nil {
            alert = AlertViewModel(title: title, message: error.description)
        }
    }

    /// Cues again which rows are new, after ``lastSeen`` moved.
    private func recueRows() {
        for index in rows.indices {
            rows[index].isNew =
                PostCell.ViewModel.isNew(
                    timestamp: rows[index].timestamp, lastSeen: lastSeen)
                && !postedHere.contains(rows[index].identifier)
        }
    }

    private func setState(_ new: LoadState) {
        state = new
        stateObserver?(new)
    }
}
