import Foundation
import Networking
import SandboxCore

/// A database's open event streams: where each listens, what a query
/// stream last reported, and delivery of event frames with a bounded
/// backlog.
struct FirebaseStreams {
    /// Events a stream may have queued for a slow client before it is cut
    /// off (it reconnects and starts from a fresh `put`, as with Firebase).
    static let backlog = 4096

    /// One open stream.
    struct Stream {
        var path: FirebasePath
        var query: FirebaseRESTQuery?
        /// Who opened it: rules changes are checked against them.
        var caller: FirebaseCaller
        var continuation: SandboxStream.Continuation
        /// For a listen of a realtime connection: how its events reach the
        /// connection, whose stream ``continuation`` is.
        var listen: FirebaseRealtimeListen?
        /// The children a query stream last reported.
        var reported: [String: JSON] = [:]
        var lastActivity: ContinuousClock.Instant
        var keepAlive: Task<Void, Never>?
    }

    private(set) var streams: [Int: Stream] = [:]
    private var nextID = 0

    /// The number of open streams.
    var count: Int { streams.count }

    /// The ids of the open streams, in the order they were opened.
    var ids: [Int] { streams.keys.sorted() }

    /// Opens a stream listening at `path` and returns its id and events.
    mutating func open(
        at path: FirebasePath, query: FirebaseRESTQuery?, caller: FirebaseCaller
    ) -> (id: Int, events: SandboxStream) {
        let (events, continuation) = SandboxStream.makeStream(backlog: Self.backlog)
        let id = insert(
            Stream(path: path, query: query, caller: caller, continuation: continuation, lastActivity: .now))
        return (id, events)
    }

    /// Opens a listen of a realtime connection and returns its id; its
    /// events go to the connection's stream.
    mutating func open(
        at path: FirebasePath, query: FirebaseRESTQuery?, caller: FirebaseCaller, listen: FirebaseRealtimeListen
    ) -> Int {
        insert(
            Stream(
                path: path, query: query, caller: caller, continuation: listen.outbound, listen: listen,
                lastActivity: .now))
    }

    private mutating func insert(_ stream: Stream) -> Int {
        let id = nextID
        nextID += 1
        streams[id] = stream
        return id
    }

    /// The stream with `id`, if it is open.
    subscript(id: Int) -> Stream? {
        streams[id]
    }

    /// Sets the task that sends a stream its keep-alives.
    mutating func setKeepAlive(_ task: Task<Void, Never>, for id: Int) {
        streams[id]?.keepAlive = task
    }

    /// Records what a query stream has now reported.
    mutating func setReported(_ reported: [String: JSON], for id: Int) {
        streams[id]?.reported = reported
    }

    /// Closes a stream and stops its keep-alives.
    mutating func close(_ id: Int) {
        streams.removeValue(forKey: id)?.keepAlive?.cancel()
    }

    /// When a stream that stays quiet is due a keep-alive; `nil` once closed.
    func keepAliveDeadline(for id: Int, interval: Duration) -> ContinuousClock.Instant? {
        streams[id].map { $0.lastActivity + interval }
    }

    /// Hands each frame to its stream. A stream too far behind is ended
    /// rather than left to lose events; one whose reader left is closed.
    mutating func deliver(_ events: [(stream: Int, frame: Data)]) {
        for (id, frame) in events {
            guard let stream = streams[id] else { continue }
            switch stream.listen?.send(frame) ?? stream.continuation.yield(frame) {
            case .enqueued:
                streams[id]?.lastActivity = .now
            case .dropped:
                // A listen's connection is dropped whole: its client
                // reconnects and listens again.
                stream.continuation.finish()
            case .terminated:
                close(id)
            }
        }
    }
}
