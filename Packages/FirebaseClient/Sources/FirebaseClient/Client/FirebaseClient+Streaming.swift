import Foundation
import Networking

extension FirebaseClient {
    /// Streams the changes at `path` as they happen.
    ///
    /// The sequence starts with a `put` of the whole location (the query's
    /// selection, with a query), then a `put` or `patch` for every change,
    /// and `keep-alive`s while nothing changes. It is built on server-sent
    /// events through the transport's streaming support, so it works on
    /// Linux, where `URLSession.bytes(for:)` does not exist.
    ///
    /// A dropped connection, or one silent for longer than the
    /// ``Configuration/streaming`` policy's idle timeout, is replaced after a
    /// backoff, and the new connection starts again with a fresh `put` at
    /// `/`. The sequence ends when the task consuming it is cancelled; it
    /// throws a ``/Networking/NetworkError`` when retrying cannot help (a 4xx answer,
    /// `cancel` or `auth_revoked` (both ``/Networking/NetworkError/unauthenticated(_:)``),
    /// or data that is not Firebase's event format).
    ///
    /// ```swift
    /// for try await event in firebase.events(at: "posts", query: .orderByChild("timestamp").startAt(.number(now))) {
    ///     if case .put(let change) = event { print(change.path, change.data) }
    /// }
    /// ```
    public func events(at path: String, query: FirebaseQuery? = nil) -> NetworkStream<FirebaseEvent> {
        let (stream, continuation) = NetworkStream<FirebaseEvent>.makeStream()
        var request = request(.get, path).header("Accept", "text/event-stream")
        do {
            if let query {
                request = request.query(try query.queryItems())
            }
        } catch {
            continuation.finish(throwing: error)
            return stream
        }
        // A server's silence is noticed by the idle timeout; the request's
        // own timeout bounds each wait for bytes the same way.
        request = request.timeout(configuration.streaming.idleTimeout)
        let source = FirebaseEventSource(http: http, request: request, policy: configuration.streaming)
        let task = Task {
            await source.run(continuation)
        }
        continuation.onTermination = { _ in
            task.cancel()
        }
        return stream
    }

    /// Streams the current value at `path`: the whole value once a
    /// connection's first `put` arrives, then again after every change,
    /// each `put` and `patch` merged in as Firebase defines them.
    ///
    /// Reconnections and errors are those of ``events(at:query:)``; after a
    /// reconnection the value is rebuilt from the fresh `put`, so nothing
    /// missed while disconnected stays missed.
    ///
    /// ```swift
    /// for try await board in firebase.values(at: "") { render(board) }
    /// ```
    public func values(at path: String, query: FirebaseQuery? = nil) -> NetworkStream<JSON> {
        let events = events(at: path, query: query)
        let stripsExport = query?.order == .priority
        return NetworkStream(
            AsyncThrowingStream { continuation in
                let task = Task {
                    var tree = FirebaseTree()
                    do {
                        for try await event in events where tree.apply(event) {
                            continuation.yield(stripsExport ? FirebaseExport.strip(tree.value) : tree.value)
                        }
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in
                    task.cancel()
                }
            })
    }

    /// Streams the current value at `path` decoded as `Value`; see
    /// ``values(at:query:)``.
    ///
    /// The sequence throws ``/Networking/NetworkError/decodingFailed(_:)`` if a value
    /// does not decode; ask for an optional type to allow `null`.
    public func values<Value: Decodable & Sendable>(
        at path: String, query: FirebaseQuery? = nil, as type: Value.Type
    ) -> NetworkStream<Value> {
        let values = values(at: path, query: query)
        let decoder = http.decoder
        return NetworkStream(
            AsyncThrowingStream { continuation in
                let task = Task {
                    do {
                        for try await json in values {
                            do {
                                continuation.yield(try json.decode(Value.self, using: decoder))
                            } catch {
                                let body = (try? JSONEncoder().encode(json)) ?? Data()
                                throw NetworkError.decodingFailed(
                                    DecodingFailure(error, decoding: Value.self, body: body))
                            }
                        }
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in
                    task.cancel()
                }
            })
    }
}
