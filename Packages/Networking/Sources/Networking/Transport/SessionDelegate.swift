import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one delegate of a ``URLSessionTransport``'s session: it collects
/// plain responses, streams the others, leaves redirects to ``NetworkClient``
/// and answers authentication challenges, routing every callback to its
/// request by task identifier.
///
/// Every task goes through the delegate, none through a completion handler,
/// because only the delegate sees the body of a `401` before
/// FoundationNetworking on Linux raises its authentication challenge; left
/// unanswered, that challenge suspends the task forever
/// (swift-corelibs-foundation#5456, fixed after Swift 6.3), and because only
/// the delegate sees the body arrive, so it can stop one that grows past
/// its limit.
///
/// On Linux the callbacks run on the session's own queue, as the
/// completion of `URLSession.data(for:)` does (``SessionDelegateQueue``), so
/// they do the least they can there: record, append, resume. Converting the
/// head and checking its length happen on the caller's task; nothing here
/// calls the session synchronously, and every cancellation goes through
/// the ``TaskCanceller``.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// A plain request's head and body so far, changed in place (under
    /// ``SessionDelegate/lock``) rather than copied out of the dictionary
    /// and back by every callback.
    private final class CollectedResponse {
        let continuation: CheckedContinuation<(HTTPURLResponse, Data), any Error>
        let method: HTTPMethod
        var head: HTTPURLResponse?
        var body = Data()

        init(_ continuation: CheckedContinuation<(HTTPURLResponse, Data), any Error>, method: HTTPMethod) {
            self.continuation = continuation
            self.method = method
        }

        /// What a failure after part of the body stands for: a body short
        /// of its declared length is ``NetworkError/incompleteBody(expected:received:)``
        /// however the connection ended.
        func failure(_ error: any Error) -> any Error {
            guard let head,
                let declared = TransportResponse.declaredLength(
                    status: head.statusCode, headers: URLSessionTransport.headers(of: head), method: method),
                body.count < declared, (error as? URLError)?.code != .cancelled
            else { return error }
            return NetworkError.incompleteBody(expected: declared, received: body.count)
        }
    }

    /// What a task's callbacks feed.
    private enum Sink {
        /// A plain request.
        case collecting(CollectedResponse)
        /// A streaming request, before and after its head arrived.
        case streaming(head: CheckedContinuation<HTTPURLResponse, any Error>?, body: ChunkQueue)
    }

    // Guarded by `lock`: callbacks arrive on the session's queue while
    // `collect`, `stream` and cancellation run on the caller's. The work
    // under the lock is a dictionary access and an append, never a callback.
    private var sinks: [Int: Sink] = [:]
    /// What a task's upload reports to and leaves behind, by task.
    private var uploads: [Int: Upload] = [:]
    private let lock = NSLock()
    private let maxBodySize: Int
    private let maxStreamBacklog: Int
    private let canceller: TaskCanceller

    /// A request body being sent: where its progress goes, and the
    /// temporary file to remove when the task ends.
    struct Upload: Sendable {
        var progress: ProgressReporter?
        var cleanup: (@Sendable () -> Void)?
    }

    init(maxBodySize: Int, maxStreamBacklog: Int, canceller: TaskCanceller) {
        self.maxBodySize = max(0, maxBodySize)
        self.maxStreamBacklog = max(0, maxStreamBacklog)
        self.canceller = canceller
    }

    /// Runs `task`, a request to `method`, and returns its whole response.
    ///
    /// The callbacks only collect the head and the bytes; the head is
    /// converted and checked here, on the caller's task, rather than on the
    /// session's queue that every request shares.
    func collect(_ task: URLSessionDataTask, method: HTTPMethod, upload: Upload?) async throws -> TransportResponse {
        let (head, body) = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                start(task, feeding: .collecting(CollectedResponse(continuation, method: method)), upload: upload)
            }
        } onCancel: {
            abandon(task)
        }
        let headers = URLSessionTransport.headers(of: head)
        if let declared = TransportResponse.declaredLength(status: head.statusCode, headers: headers, method: method),
            body.count < declared
        {
            // Completed without an error but short of its length: the
            // connection went away (seen on Linux under load). A truncated
            // body is never handed on as a success.
            throw NetworkError.incompleteBody(expected: declared, received: body.count)
        }
        return TransportResponse(status: head.statusCode, headers: headers, body: body)
    }

    /// Runs `task` and returns as soon as its head arrives.
    func stream(_ task: URLSessionDataTask, upload: Upload?) async throws -> TransportStreamingResponse {
        let queue = ChunkQueue(limit: maxStreamBacklog) { [canceller] in
            canceller.cancel(task)
        }
        let head = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { head in
                start(task, feeding: .streaming(head: head, body: queue), upload: upload)
            }
        } onCancel: {
            abandon(task)
        }
        let reader = ChunkQueueReader(queue)
        let body = TransferBody(
            source: .chunks(ChunkSource(isReplayable: false) { { try await reader.queue.next() } }), length: nil,
            drain: { sink in queue.drain(into: sink) })
        return TransportStreamingResponse(
            status: head.statusCode, headers: URLSessionTransport.headers(of: head), body: body)
    }

    /// Registers the sink of `task` and starts it, unless the caller was
    /// cancelled before the sink existed, which ``abandon(_:)`` could not
    /// yet see.
    private func start(_ task: URLSessionDataTask, feeding sink: Sink, upload: Upload?) {
        upload?.progress?.restart()
        lock.withLock {
            sinks[task.taskIdentifier] = sink
            uploads[task.taskIdentifier] = upload
        }
        if Task.isCancelled {
            abandon(task)
        } else {
            task.resume()
        }
    }

    /// Ends a cancelled caller's request with `URLError(.cancelled)` now,
    /// rather than when the session reports the cancellation: a task
    /// cancelled before it was resumed may never report it on Linux.
    private func abandon(_ task: URLSessionTask) {
        finish(task, with: URLError(.cancelled))
        canceller.cancel(task)
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            finish(dataTask, with: URLError(.badServerResponse))
            completionHandler(.cancel)
            return
        }
        let streamHead = lock.withLock { () -> CheckedContinuation<HTTPURLResponse, any Error>? in
            switch sinks[dataTask.taskIdentifier] {
            case .collecting(let collected)?:
                collected.head = http
                return nil
            case .streaming(let head?, let body)?:
                sinks[dataTask.taskIdentifier] = .streaming(head: nil, body: body)
                return head
            default:
                return nil
            }
        }
        streamHead?.resume(returning: http)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        // The limit that was passed, if any, or the stream's queue, which
        // is appended to outside the lock: it may write to disk, or to a
        // download's file.
        let (exceeded, stream) = lock.withLock { () -> (NetworkError?, ChunkQueue?) in
            switch sinks[dataTask.taskIdentifier] {
            case .collecting(let collected)?:
                guard collected.body.count + data.count <= maxBodySize else {
                    return (.responseTooLarge(limit: maxBodySize), nil)
                }
                if collected.body.isEmpty {
                    // A small body comes in one piece: keep it, uncopied.
                    collected.body = data
                } else {
                    collected.body.append(data)
                }
                return (nil, nil)
            case .streaming(_, let body)?:
                return (nil, body)
            case nil:
                return (nil, nil)
            }
        }
        if let failure = exceeded ?? stream?.append(data) {
            finish(dataTask, with: failure)
            canceller.cancel(dataTask)
        }
    }

    /// Redirects are followed by ``NetworkClient``, which keeps the method and
    /// body for 307 and 308 and never forwards credentials to another
    /// origin; FoundationNetworking on Linux re-sends a 307's POST without
    /// its body. So the transport hands the 3xx back as it is, through the
    /// canceller, which knows when the answer would be fatal.
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        canceller.answerRedirect(of: task) { completionHandler(nil) }
    }

    /// The SDK never answers a server's challenge with stored credentials:
    /// credentials are headers the caller set. So a `401` is a response
    /// like any other, delivered with its body.
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(FoundationNetworking)
            // FoundationNetworking raises only HTTP challenges (no server
            // trust or certificates), and only after the whole 401 arrived,
            // so the response is complete: deliver it, then cancel the task,
            // whose cancellation then finds no sink. That answer cancels
            // the task, so the canceller gives it.
            finish(task, with: nil)
            canceller.cancel(task) { completionHandler(.cancelAuthenticationChallenge, nil) }
        #else
            // Apple's URLSession delivers the 401 itself when the default
            // handling finds no credential.
            completionHandler(.performDefaultHandling, nil)
        #endif
    }

    /// Counts the body's bytes as the session sends them, on every platform
    /// and for every kind of body.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        let progress = lock.withLock { uploads[task.taskIdentifier]?.progress }
        progress?.add(Int(clamping: bytesSent))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        finish(task, with: error)
        canceller.waitIfCancelling(task)
    }

    /// Completes the task's request once, successfully when `error` is nil.
    private func finish(_ task: URLSessionTask, with error: (any Error)?) {
        let (sink, upload) = lock.withLock {
            (sinks.removeValue(forKey: task.taskIdentifier), uploads.removeValue(forKey: task.taskIdentifier))
        }
        if let upload {
            if error == nil { upload.progress?.finish() }
            upload.cleanup?()
        }
        guard let sink else { return }
        switch sink {
        case .collecting(let collected):
            if let error {
                collected.continuation.resume(throwing: collected.failure(error))
            } else if let head = collected.head {
                collected.continuation.resume(returning: (head, collected.body))
            } else {
                collected.continuation.resume(throwing: URLError(.badServerResponse))
            }
        case .streaming(let head, let body):
            head?.resume(throwing: error ?? URLError(.badServerResponse))
            body.finish(throwing: error)
        }
    }
}
