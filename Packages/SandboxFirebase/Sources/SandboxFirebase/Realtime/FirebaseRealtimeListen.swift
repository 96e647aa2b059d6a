import Foundation
import Networking
import SandboxCore

/// A listen of a realtime connection, as a database's stream sees it: the
/// database frames each event once for server-sent events, and the listen
/// rewrites the frame as the protocol's data push, with its own path and
/// tag, into its connection's stream.
struct FirebaseRealtimeListen: Sendable {
    /// Where it listens.
    var path: FirebasePath
    /// The query's tag, for a listen with a query.
    var tag: Int?
    /// The query object the client sent, echoed when the listen is revoked.
    var query: JSON?
    /// The connection's frames.
    var outbound: SandboxStream.Continuation

    /// Sends the client what the server-sent event `frame` says: `put` and
    /// `patch` as data pushes, `cancel` as a revoked listen; keep-alives
    /// are the client's job in this protocol.
    func send(_ frame: Data) -> SandboxStream.YieldResult {
        guard let (event, relative, data) = FirebaseEventFrame.parse(frame) else { return .enqueued }
        let message: Data
        switch event {
        case "put", "patch":
            message = FirebaseRealtimeMessage.push(
                merge: event == "patch", path: path.appending(relative ?? .root), data: data, tag: tag)
        case "cancel":
            message = FirebaseRealtimeMessage.listenRevoked(path: path, query: query)
        default:
            return .enqueued
        }
        return FirebaseRealtimeMessage.send(message, to: outbound)
    }
}
