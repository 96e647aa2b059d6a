import Foundation
import Models
import Networking
import PostFeedClient

extension PostFeedViewModel {
    /// Reports a post and hides it for this user: the lesson's black
    /// diamond, required by App Review for any app showing what users post.
    ///
    /// The row goes at once and stays gone even if the report cannot be
    /// recorded; the alert then says the report was not sent.
    ///
    /// - Returns: Whether the report was recorded.
    @discardableResult
    public func report(_ row: PostCell.ViewModel, reason: String) async -> Bool {
        guard let post = await post(for: row) else { return false }
        do throws(NetworkError) {
            _ = try await withNetworkActivity { () async throws(NetworkError) in
                try await client.report(post, reason: reason)
            }
            await showClientFeed()
            return true
        } catch {
            await showClientFeed()
            fail(error, title: Self.reportFailedTitle)
            return false
        }
    }

    /// Hides a post for this user without reporting it.
    ///
    /// The row goes at once; if the hidden list cannot be saved the alert
    /// says it will come back after a restart.
    public func hide(_ row: PostCell.ViewModel) async {
        guard let post = await post(for: row) else { return }
        do throws(NetworkError) {
            try await client.hide(post)
        } catch {
            fail(error, title: Self.hideFailedTitle)
        }
        await showClientFeed()
    }

    /// Follows the feed live until the calling task is cancelled: posts
    /// other users add appear (cued as new), edited ones change, deleted
    /// ones go.
    ///
    /// ```swift
    /// .task { await feed.observeLiveUpdates() }    // SwiftUI
    /// ```
    ///
    /// If the stream fails for good (credentials refused, say) the alert
    /// says so and the rows stay as they were.
    public func observeLiveUpdates() async {
        do throws(NetworkError) {
            for try await feed in await client.updates() {
                render(feed)
            }
        } catch {
            fail(error, title: Self.liveUpdatesFailedTitle)
        }
    }
}
