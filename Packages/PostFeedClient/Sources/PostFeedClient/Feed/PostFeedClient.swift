import FirebaseClient
import Foundation
import Models
import Networking

/// Lesson 2's `PostController`, done properly: the global feed of posts
/// with paging, posting, live updates, and report-and-hide.
///
/// ```swift
/// let firebase = FirebaseClient(databaseURL: PostFeedClient.lessonDatabaseURL)
/// let feed = PostFeedClient(firebase: firebase, hiddenPosts: HiddenPostStore(fileURL: hiddenPostsFile))
/// try await feed.fetchPosts(reset: true)        // the newest 15
/// try await feed.fetchPosts(reset: false)       // the 15 before them
/// try await feed.addPost(username: "Ada", text: "Hello")
/// for try await posts in await feed.updates() { render(posts.posts) }  // live
/// ```
///
/// It is an `actor` because it holds the feed: the posts fetched so far,
/// where the next page starts, what is hidden. Pages, new posts, reports
/// and the live stream all change that state, from whatever task calls
/// them, and an actor lets them take turns without locks. The lesson's
/// controller kept the same state in a class and called back on the main
/// queue; here a view model awaits the actor, or observes ``updates()``.
///
/// Where an `await` lets another call in between (a page and a reset, say)
/// the state stays right: merging a page never repeats a post, and a page
/// that arrives after a reset is dropped, not mixed into the new feed.
public actor PostFeedClient {
    /// How many posts a page adds, as in the lesson.
    public static let pageSize = 15
    /// The lesson's database (the original is gone; point this client at
    /// the Sandbox with the `devmtn-post` namespace instead).
    public static let lessonDatabaseURL = URL(string: "https://devmtn-post.firebaseio.com")!
    /// The Sandbox namespace seeded with the lesson's posts.
    public static let sandboxNamespace = "devmtn-post"

    /// The database client.
    public nonisolated let firebase: FirebaseClient
    /// Where the posts live: `posts`, as in the lesson.
    public nonisolated let postsPath: String
    /// Where reports are recorded: `reports/<post>/<report>`.
    public nonisolated let reportsPath: String
    /// Where hidden posts are remembered.
    public nonisolated let hiddenPostStore: HiddenPostStore

    /// Every post held, hidden ones included, newest first.
    var held = PostFeed()
    /// Entries that are not posts, by key, from pages and the live stream.
    var skipped: [String: SkippedElement] = [:]
    /// Where the next page starts.
    var cursor = PageCursor()
    /// Counts resets asked for, so only the latest one replaces the feed.
    var resets = 0
    /// Bumped when a reset replaces the feed, so a page asked for before
    /// is not merged into the new one.
    var feedEpoch = 0
    /// The identifiers of the posts this user hid.
    var hidden: Set<UUID>
    /// The observers of ``updates()``.
    var observers: [UUID: AsyncThrowingStream<PostFeed, any Error>.Continuation] = [:]
    /// The feed last sent to observers, so an unchanged feed is not sent again.
    var published: PostFeed?
    /// The live stream, while anyone observes.
    var liveTask: Task<Void, Never>?
    /// Which live stream is current; one cancelled may still report in.
    var liveStream = UUID()
    /// The posts in the live stream's window, to notice deletions.
    var liveKeys: Set<UUID> = []

    /// Creates a feed client.
    ///
    /// - Parameters:
    ///   - firebase: A client for the database holding `posts`.
    ///   - postsPath: Where the posts are; `posts` in the lesson.
    ///   - reportsPath: Where reports go.
    ///   - hiddenPosts: Where hidden posts are remembered; an unreadable
    ///     file counts as none hidden, and is replaced on the next hide.
    public init(
        firebase: FirebaseClient,
        postsPath: String = "posts",
        reportsPath: String = "reports",
        hiddenPosts: HiddenPostStore = .inMemory
    ) {
        self.firebase = firebase
        self.postsPath = postsPath
        self.reportsPath = reportsPath
        self.hiddenPostStore = hiddenPosts
        self.hidden = (try? hiddenPosts.load()) ?? []
    }

    /// The posts to show, newest first: everything fetched, posted or
    /// streamed, minus what this user hid.
    public var posts: [Post] {
        held.posts.filter { !hidden.contains($0.identifier) }
    }

    /// The feed to show: ``posts`` and every entry skipped so far.
    public var feed: PostFeed {
        PostFeed(posts: posts, skipped: skipped.values.sorted { $0.key < $1.key })
    }

    /// Whether paging reached the oldest post.
    public var hasReachedEnd: Bool {
        cursor.hasReachedEnd
    }

    /// The identifiers of the posts this user hid.
    public var hiddenPostIdentifiers: Set<UUID> {
        hidden
    }

    /// Adds or replaces a post, remembering where it sorts.
    func hold(_ post: Post) {
        held.insert(post)
        cursor.record(post.identifier.uuidString, at: .number(post.timestamp))
    }

    /// Removes posts, such as ones deleted on the server.
    func release(_ identifiers: Set<UUID>) {
        guard !identifiers.isEmpty else { return }
        held = PostFeed(posts: held.posts.filter { !identifiers.contains($0.identifier) }, skipped: held.skipped)
    }
}
