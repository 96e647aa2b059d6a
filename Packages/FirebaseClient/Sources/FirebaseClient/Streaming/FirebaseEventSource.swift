import Foundation
import Networking

/// Keeps one Firebase stream going: connects, reads events, and reconnects
/// with backoff after a dropped or silent connection, until the consumer
/// stops or a failure makes more attempts pointless.
struct FirebaseEventSource: Sendable {
    let http: NetworkClient
    let request: NetworkRequest<Void>
    let policy: FirebaseStreamPolicy

    /// How one connection ended.
    private enum Outcome {
        /// It dropped, went silent or could not be made; worth another try.
        case dropped(NetworkError, receivedEvents: Bool)
        /// Trying again cannot help: the stream ends with this error.
        case failed(NetworkError)
        /// The consumer went away.
        case cancelled
    }

    /// An event after which the server closes the stream for good.
    private struct Termination: Error {
        let error: NetworkError
    }

    /// Delivers events to `continuation` until the task is cancelled or the
    /// stream fails for good, then finishes it.
    func run(_ continuation: AsyncThrowingStream<FirebaseEvent, any Error>.Continuation) async {
        var failures = 0
        var connection = 0
        while true {
            // Each connection is an attempt of the stream, numbered for the
            // client's observers.
            connection += 1
            switch await connect(continuation, attempt: connection) {
            case .cancelled:
                continuation.finish()
                return
            case .failed(let error):
                continuation.finish(throwing: error)
                return
            case .dropped(let error, let receivedEvents):
                failures = receivedEvents ? 1 : failures + 1
                if let limit = policy.maxConsecutiveFailures, failures > limit {
                    continuation.finish(throwing: error)
                    return
                }
                let backoff = policy.delay(afterFailures: failures)
                let wait = max(backoff, error.failure?.retryAfter ?? .zero)
                // The wait is reported before it starts, as NetworkClient's own
                // retries are: a reconnecting stream is never a silent stall.
                if !http.observers.isEmpty, let httpRequest = try? http.makeTransportRequest(request) {
                    http.reportRetry(of: httpRequest, after: error, delay: wait, attempt: connection)
                }
                do {
                    try await policy.clock.sleep(wait)
                } catch {
                    continuation.finish()
                    return
                }
                if Task.isCancelled {
                    continuation.finish()
                    return
                }
            }
        }
    }

    private func connect(_ continuation: AsyncThrowingStream<FirebaseEvent, any Error>.Continuation, attempt: Int)
        async -> Outcome
    {
        let httpRequest: TransportRequest
        let response: TransportStreamingResponse
        do {
            httpRequest = try http.makeTransportRequest(request)
            response = try await http.stream(request, attempt: attempt)
        } catch {
            return outcome(for: error, receivedEvents: false)
        }
        if let contentType = response.headers["Content-Type"], !contentType.lowercased().contains("text/event-stream") {
            return .failed(await unexpectedContent(response, contentType: contentType))
        }
        let activity = StreamActivity(clock: policy.clock)
        let timeout = policy.idleTimeout
        let wentSilent: Bool
        do {
            wentSilent = try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask {
                    try await read(response.body, activity: activity, request: httpRequest, into: continuation)
                    return false
                }
                group.addTask {
                    try await activity.waitForSilence(of: timeout)
                    return true
                }
                // Whichever ends first (the body, or the silence) ends the
                // connection; the other task is cancelled.
                let first = try await group.next() ?? false
                group.cancelAll()
                return first
            }
        } catch let termination as Termination {
            return .failed(termination.error)
        } catch {
            if Task.isCancelled { return .cancelled }
            let mapped = NetworkError(transportError: error, request: httpRequest, redactor: http.redactor)
            return outcome(for: mapped, receivedEvents: activity.hasReceivedEvents)
        }
        if Task.isCancelled { return .cancelled }
        // The body ended (the server closed it) or went silent: either way
        // the connection is gone, and a new one starts with a fresh `put`.
        return .dropped(wentSilent ? .timedOut : .connectionLost, receivedEvents: activity.hasReceivedEvents)
    }

    private func read(
        _ body: TransferBody,
        activity: StreamActivity,
        request: TransportRequest,
        into continuation: AsyncThrowingStream<FirebaseEvent, any Error>.Continuation
    ) async throws {
        var parser = ServerEventParser()
        for try await chunk in body {
            activity.touch()
            let serverEvents: [ServerEvent]
            do {
                serverEvents = try parser.consume(chunk)
            } catch {
                // The same event would come again after a reconnect.
                throw Termination(error: error)
            }
            for serverEvent in serverEvents {
                let event: FirebaseEvent?
                do {
                    event = try FirebaseEvent(serverEvent)
                } catch {
                    let failure = DecodingFailure(
                        error, decoding: FirebaseChange.self, body: Data(serverEvent.data.utf8))
                    throw Termination(error: .decodingFailed(failure))
                }
                guard let event else { continue }
                activity.recordEvent()
                continuation.yield(event)
                switch event {
                case .cancel(let reason):
                    throw Termination(error: revoked(request, code: "cancel", reason: reason))
                case .authRevoked(let reason):
                    throw Termination(error: revoked(request, code: "auth_revoked", reason: reason))
                case .put, .patch, .keepAlive:
                    break
                }
            }
        }
    }

    /// The error a stream ends with after `cancel` or `auth_revoked`: the
    /// server closed the stream because the credentials no longer allow
    /// the read. `auth_revoked` (the token expired or was revoked) is
    /// reported as a refused token is; `cancel` (the rules refuse the read)
    /// as `Permission denied` is, which depends on whether the stream was
    /// opened with credentials.
    private func revoked(_ request: TransportRequest, code: String, reason: String?) -> NetworkError {
        let failure = HTTPFailure(
            service: http.service,
            status: 401,
            method: request.method,
            url: http.redactor.redact(request.url),
            message: ServerMessage(code: code, message: reason ?? FirebaseFailure.permissionDenied),
            carriedCredentials: http.carriesCredentials(request)
        )
        return code == "cancel" ? FirebaseFailure.classify(failure) : .unauthenticated(failure)
    }

    /// A 2xx answer that is not an event stream (a captive portal's page, a
    /// proxy's error) cannot become one by reconnecting.
    private func unexpectedContent(_ response: TransportStreamingResponse, contentType: String) async -> NetworkError {
        let body = (try? await response.collect(upTo: 64 * 1024).body) ?? Data()
        let error = DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: [],
                debugDescription: "Expected a text/event-stream response but the server sent \(contentType)"
            )
        )
        return .decodingFailed(DecodingFailure(error, decoding: FirebaseEvent.self, body: body))
    }

    private func outcome(for error: NetworkError, receivedEvents: Bool) -> Outcome {
        switch error {
        case .cancelled:
            return .cancelled
        case .connectionLost, .timedOut, .cannotConnect, .notConnected, .transportFailed:
            return .dropped(error, receivedEvents: receivedEvents)
        case .httpStatus(let failure), .rateLimited(let failure):
            let isTransient = failure.status >= 500 || failure.status == 408 || failure.status == 429
            return isTransient ? .dropped(error, receivedEvents: receivedEvents) : .failed(error)
        default:
            return .failed(error)
        }
    }
}
