import FirebaseClient
import Foundation
import Models
import Networking

extension PostFeedClient {
    /// The feed, now and whenever it changes: a page fetched, a post added,
    /// hidden or shown again, and every change other users make, live.
    ///
    /// While anyone iterates, one Firebase stream watches the posts from
    /// the newest held (or from now, for an empty feed) onwards: a new post
    /// appears, an edited one changes, a deleted one goes. The stream
    /// reconnects by itself after a dropped connection and catches up from
    /// its fresh snapshot. The sequence ends when the iterating task is
    /// cancelled, and throws if the stream fails for good (for example
    /// ``/Networking/NetworkError/unauthenticated(_:)``).
    ///
    /// A slow observer gets the latest feed, not every intermediate one.
    ///
    /// ```swift
    /// for try await feed in await postFeed.updates() {
    ///     tableView.posts = feed.posts
    /// }
    /// ```
    public func updates() -> NetworkStream<PostFeed> {
        let (stream, continuation) = NetworkStream<PostFeed>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let identifier = UUID()
        observers[identifier] = continuation
        continuation.yield(feed)
        continuation.onTermination = { _ in
            Task { await self.removeObserver(identifier) }
        }
        if liveTask == nil {
            startLiveUpdates()
        }
        return stream
    }

    /// Sends the feed to every observer, if it changed.
    func publish() {
        let current = feed
        guard current != published else { return }
        published = current
        for continuation in observers.values {
            continuation.yield(current)
        }
    }

    private func removeObserver(_ identifier: UUID) {
        observers.removeValue(forKey: identifier)
        if observers.isEmpty {
            liveTask?.cancel()
            liveTask = nil
            liveKeys = []
        }
    }

    private func startLiveUpdates() {
        let start = held.posts.first?.timestamp ?? Date().timeIntervalSince1970
        let query = FirebaseQuery.orderByChild(PageCursor.orderKey).startAt(.number(start))
        let windows = firebase.values(at: postsPath, query: query)
        let stream = UUID()
        liveStream = stream
        liveTask = Task { [weak self] in
            do {
                for try await window in windows {
                    await self?.applyLiveWindow(window, from: stream)
                }
                await self?.liveUpdatesEnded(nil, from: stream)
            } catch {
                await self?.liveUpdatesEnded(error, from: stream)
            }
        }
    }

    /// Takes in the posts from the stream's start onwards, as they are now.
    private func applyLiveWindow(_ window: JSON, from stream: UUID) {
        guard liveTask != nil, stream == liveStream else { return }
        let page: PostsPage
        do {
            page = try PostsPage(window, decoder: firebase.http.decoder)
        } catch {
            let body = (try? JSONEncoder().encode(window)) ?? Data()
            let failure = DecodingFailure(error, decoding: PostFeed.self, body: body)
            liveUpdatesEnded(NetworkError.decodingFailed(failure), from: stream)
            return
        }
        for (key, entry) in page.entries {
            cursor.record(key, at: PageCursor.position(of: entry))
        }
        for post in page.feed.posts {
            hold(post)
        }
        for entry in page.feed.skipped {
            skipped[entry.key] = entry
        }
        let current = Set(page.feed.posts.map(\.identifier))
        // A post that left the window was deleted (or moved before it).
        release(liveKeys.subtracting(current))
        liveKeys = current
        publish()
    }

    private func liveUpdatesEnded(_ error: (any Error)?, from stream: UUID) {
        guard stream == liveStream, liveTask != nil else { return }
        liveTask = nil
        liveKeys = []
        let ending = observers.values
        observers = [:]
        for continuation in ending {
            continuation.finish(throwing: error)
        }
    }
}
