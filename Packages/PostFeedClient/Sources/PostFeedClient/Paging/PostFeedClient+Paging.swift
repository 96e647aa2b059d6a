import FirebaseClient
import Foundation
import Models
import Networking

extension PostFeedClient {
    /// Fetches a page of posts: the newest ones on a reset, otherwise the
    /// ones just older than the oldest post held.
    ///
    /// The request is the lesson's: `orderBy="timestamp"`, `endAt`,
    /// `limitToLast`. A reset replaces the feed with the newest
    /// ``pageSize`` posts. A next page ends at the oldest timestamp held,
    /// inclusive, and asks for ``pageSize`` more entries than the feed
    /// already holds at exactly that timestamp; those come back too (they
    /// are the last at that timestamp in Firebase's order), are dropped,
    /// and leave a full page of older posts with no gap before it.
    ///
    /// The lesson's own fix for the inclusive `endAt` was to end the next
    /// page at ``/Models/Post/queryTimestamp``, a millionth of a second before
    /// the oldest post. That works on the real REST API as long as no two
    /// posts share a timestamp; when they do and a page boundary falls
    /// between them, the posts left over at that timestamp are never
    /// fetched. Asking for the overlap instead costs a few entries per page
    /// and never skips a post, on the real service or the Sandbox alike.
    ///
    /// New posts arriving between pages do not disturb paging: they are
    /// newer than every page after the first (``addPost(username:text:)``
    /// and ``updates()`` bring them in). Entries that are not posts are
    /// skipped and reported in the page and in ``feed``; an entry whose
    /// timestamp is not a number sorts after every number in Firebase and
    /// is never on a page at all.
    ///
    /// - Parameter reset: `true` (the lesson's default) to start again from
    ///   the newest posts; `false` for the next older page.
    /// - Returns: What the page added; empty once ``hasReachedEnd``.
    /// - Throws: A ``/Networking/NetworkError``; the feed is unchanged.
    @discardableResult
    public func fetchPosts(reset: Bool = true) async throws(NetworkError) -> PostPage {
        // Calls may overlap at the `await`. A page is merged only into the
        // feed it was asked for: a reset answered in the meantime, or a
        // later reset asked for, makes it stale.
        let epoch = feedEpoch
        var resetNumber = 0
        if reset {
            resets += 1
            resetNumber = resets
        }
        let cursorForRequest = reset ? PageCursor() : cursor
        guard let query = cursorForRequest.nextQuery(pageSize: Self.pageSize), case .last(let limit) = query.limit
        else {
            return PostPage(posts: [], skipped: [], hasReachedEnd: true)
        }
        let page: PostsPage
        do {
            page = try await firebase.get(postsPath, query: query, as: PostsPage.self)
        } catch .decodingFailed(var failure) {
            // Name the type a caller knows, not this file's reading of it.
            failure.typeName = String(describing: PostFeed.self)
            throw .decodingFailed(failure)
        }
        if reset {
            guard resetNumber == resets else { return PostPage(posts: [], skipped: [], hasReachedEnd: false) }
            feedEpoch += 1
            held = PostFeed()
            skipped = [:]
            cursor = PageCursor()
        } else {
            guard epoch == feedEpoch else {
                return PostPage(posts: [], skipped: [], hasReachedEnd: cursor.hasReachedEnd)
            }
        }
        let heldBefore = Set(held.posts.map(\.identifier))
        cursor.recordPage(page.entries, limit: limit)
        for post in page.feed.posts {
            hold(post)
        }
        for entry in page.feed.skipped {
            skipped[entry.key] = entry
        }
        publish()
        let added = page.feed.posts.filter { !heldBefore.contains($0.identifier) && !hidden.contains($0.identifier) }
        return PostPage(posts: added, skipped: page.feed.skipped, hasReachedEnd: cursor.hasReachedEnd)
    }
}
