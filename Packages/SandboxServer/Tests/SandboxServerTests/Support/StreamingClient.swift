import Foundation
import NIOConcurrencyHelpers

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reads a response body chunk by chunk as URLSession delivers it, so tests
/// can tell a streamed body from a buffered one.
///
/// Every client shares one session for the life of the test process (see
/// `HTTP.session` for why sessions are never torn down); a delegate routes
/// each task's callbacks to its client.
final class StreamingClient: Sendable {
    /// What arrives: the response head, body chunks, then the end.
    enum Event: Sendable {
        case response(HTTPURLResponse)
        case chunk(Data)
        case completed((any Error)?)
    }

    struct Timeout: Error, CustomStringConvertible {
        var description: String { "no event from the server in time" }
    }

    private static let router = Router()
    private static let session = URLSession(configuration: .ephemeral, delegate: router, delegateQueue: nil)

    private let received: NIOLockedValueBox<[Event]>
    private let task: URLSessionDataTask

    /// Starts the request.
    init(_ request: URLRequest) {
        let received = NIOLockedValueBox<[Event]>([])
        self.received = received
        task = Self.session.dataTask(with: request)
        Self.router.register(task.taskIdentifier, received)
        task.resume()
    }

    deinit {
        task.cancel()
    }

    /// The next event, in order; throws if none arrives within `timeout`.
    func next(timeout: Duration = .seconds(300)) async throws -> Event {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let event = received.withLockedValue { events in events.isEmpty ? nil : events.removeFirst() }
            if let event { return event }
            try await Task.sleep(for: .milliseconds(5))
        }
        throw Timeout()
    }

    /// Goes away mid-response, as a client whose user left the screen.
    func cancel() {
        task.cancel()
    }

    /// Records URLSession's callbacks as events of the client that owns the task.
    private final class Router: NSObject, URLSessionDataDelegate, Sendable {
        private let clients = NIOLockedValueBox<[Int: NIOLockedValueBox<[Event]>]>([:])

        func register(_ task: Int, _ received: NIOLockedValueBox<[Event]>) {
            clients.withLockedValue { $0[task] = received }
        }

        private func record(_ event: Event, for task: Int, finished: Bool = false) {
            let received = clients.withLockedValue { clients in
                finished ? clients.removeValue(forKey: task) : clients[task]
            }
            received?.withLockedValue { $0.append(event) }
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
        ) {
            if let response = response as? HTTPURLResponse {
                record(.response(response), for: dataTask.taskIdentifier)
            }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            record(.chunk(data), for: dataTask.taskIdentifier)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            record(.completed(error), for: task.taskIdentifier, finished: true)
        }
    }
}
