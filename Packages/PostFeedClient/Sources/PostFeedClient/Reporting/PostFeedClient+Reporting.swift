import FirebaseClient
import Foundation
import Models
import Networking

extension PostFeedClient {
    /// Reports a post to the feed's moderators and hides it for this user:
    /// the lesson's black diamond, which App Review requires of any app
    /// showing what users post.
    ///
    /// The post is hidden first, and stays hidden even if recording the
    /// report fails: the user asked not to see it. The report is a PUT to
    /// `reports/<post>/<push id>.json` under a push id made on the device,
    /// so a retry stores it once and reports of a post sort by time.
    ///
    /// - Returns: The report's key.
    /// - Throws: ``/Networking/NetworkError/fileFailed(_:)`` if the hidden
    ///   list cannot be saved, the request's error if the report cannot be
    ///   recorded.
    @discardableResult
    public func report(_ post: Post, reason: String) async throws(NetworkError) -> String {
        try hide(post)
        let key = firebase.makePushID()
        let report = PostReport(post: post, reason: reason)
        try await firebase.put(report, at: "\(reportsPath)/\(post.identifier.uuidString)/\(key)", silently: true)
        return key
    }

    /// Hides a post for this user, now and after a restart, without
    /// reporting it.
    ///
    /// - Throws: ``/Networking/NetworkError/fileFailed(_:)`` if the list
    ///   cannot be saved; the post is hidden for this session either way.
    public func hide(_ post: Post) throws(NetworkError) {
        guard hidden.insert(post.identifier).inserted else { return }
        publish()
        try hiddenPostStore.save(hidden)
    }

    /// Shows a hidden post again.
    public func unhide(_ post: Post) throws(NetworkError) {
        guard hidden.remove(post.identifier) != nil else { return }
        publish()
        try hiddenPostStore.save(hidden)
    }
}
