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
    /// A plain request's head and body so far, changed in place in the
    /// state's dictionary (its subscript modifies the value where it is,
    /// so a growing body is never copied).
    private struct CollectedResponse: Sendable {
        let continuation: CheckedContinuation<(HTTPURLResponse, Data), any Error>
        let method: HTTPMethod
        var head: HTTPURLResponse?
        var body = Data()

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

    /// A streaming request: the continuation waiting for its head, until
    /// the head arrives, and the queue its body goes to.
    private struct StreamingResponse: Sendable {
        var head: CheckedContinuation<HTTPURLResponse, any Error>?
        let body: ChunkQueue
    }

    /// What the callbacks feed, by task identifier. Callbacks arrive on the
    /// session's queue while `collect`, `stream` and cancellation run on
    /// the caller's; each takes the lock for a dictionary access and an
    /// append, and resumes, appends to a stream or reports progress after.
    private struct State: Sendable {
        var collecting: [Int: CollectedResponse] = [:]
        var streaming: [Int: StreamingResponse] = [:]
        /// What a task's upload reports to and leaves behind.
        var uploads: [Int: Upload] = [:]
        /// Why the delegate refused a task's server (Apple platforms, a
        /// ``ServerTrust`` of the app's): the task then ends cancelled, and
        /// this is what its caller is told instead.
        var refusedTrust: [Int: TLSFailure] = [:]
    }

    private let state = LockedState(State())
    /// Where tasks are made and started: see ``start(_:launch:upload:registering:)``.
    private let launcher = DispatchQueue(label: "URLSessionTransport.launch")
    private let maxBodySize: Int
    private let maxStreamBacklog: Int
    private let canceller: TaskCanceller
    private let trust: ServerTrust

    /// A request body being sent: where its progress goes, and the
    /// temporary file to remove when the task ends.
    struct Upload: Sendable {
        var progress: ProgressReporter?
        var cleanup: (@Sendable () -> Void)?
    }

    init(maxBodySize: Int, maxStreamBacklog: Int, canceller: TaskCanceller, trust: ServerTrust) {
        self.maxBodySize = max(0, maxBodySize)
        self.maxStreamBacklog = max(0, maxStreamBacklog)
        self.canceller = canceller
        self.trust = trust
    }

    /// Runs the task `makeTask` makes, a request to `method`, and returns
    /// its whole response.
    ///
    /// The callbacks only collect the head and the bytes; the head is
    /// converted and checked here, on the caller's task, rather than on the
    /// session's queue that every request shares.
    func collect(
        _ makeTask: @escaping @Sendable () -> URLSessionDataTask, method: HTTPMethod, upload: Upload?
    ) async throws -> TransportResponse {
        let launch = Launch()
        let (head, body) = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                start(makeTask, launch: launch, upload: upload) { state, id in
                    state.collecting[id] = CollectedResponse(continuation: continuation, method: method)
                }
            }
        } onCancel: {
            launch.cancel().map(abandon)
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

    /// Runs the task `makeTask` makes and returns as soon as its head
    /// arrives.
    func stream(_ makeTask: @escaping @Sendable () -> URLSessionDataTask, upload: Upload?) async throws
        -> TransportStreamingResponse
    {
        let launch = Launch()
        let queue = ChunkQueue(limit: maxStreamBacklog) { [canceller] in
            launch.cancel().map(canceller.cancel)
        }
        let head = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { head in
                start(makeTask, launch: launch, upload: upload) { state, id in
                    state.streaming[id] = StreamingResponse(head: head, body: queue)
                }
            }
        } onCancel: {
            launch.cancel().map(abandon)
        }
        let reader = ChunkQueueReader(queue)
        let body = TransferBody(
            source: .chunks(ChunkSource(isReplayable: false) { { try await reader.queue.next() } }), length: nil,
            drain: { sink in queue.drain(into: sink) })
        return TransportStreamingResponse(
            status: head.statusCode, headers: URLSessionTransport.headers(of: head), body: body)
    }

    /// Makes the task on the launch queue, registers what it feeds, and
    /// starts it, unless its caller was cancelled before it existed.
    ///
    /// FoundationNetworking makes and resumes a task with a synchronous
    /// call into the session's one serial queue (`DispatchQueue.sync`),
    /// which waits while that queue serves every other transfer. Made on
    /// the caller's task, that wait held one of the few threads of Swift's
    /// concurrency pool (two on a 2-core machine), so at 16 requests in
    /// flight the callers queued behind each other's waits: 0.93 of raw
    /// `URLSession.data(for:)` on loopback (issue 68), against 1.0 and more
    /// with the wait moved here, where it holds a thread of the launch
    /// queue's own. The launch queue is serial, since the session's queue
    /// would serialize the calls anyway.
    private func start(
        _ makeTask: @escaping @Sendable () -> URLSessionDataTask, launch: Launch, upload: Upload?,
        registering register: @escaping @Sendable (inout State, Int) -> Void
    ) {
        upload?.progress?.restart()
        launcher.async { [self] in
            let task = makeTask()
            state.withLock { state in
                register(&state, task.taskIdentifier)
                state.uploads[task.taskIdentifier] = upload
            }
            if launch.attach(task) {
                task.resume()
            } else {
                abandon(task)
            }
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
        let id = dataTask.taskIdentifier
        let streamHead = state.withLock { state -> CheckedContinuation<HTTPURLResponse, any Error>? in
            state.collecting[id]?.head = http
            defer { state.streaming[id]?.head = nil }
            return state.streaming[id]?.head
        }
        streamHead?.resume(returning: http)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        // The limit that was passed, if any, or the stream's queue, which
        // is appended to outside the lock: it may write to disk, or to a
        // download's file.
        let id = dataTask.taskIdentifier
        let (exceeded, stream) = state.withLock { state -> (NetworkError?, ChunkQueue?) in
            if let stream = state.streaming[id] { return (nil, stream.body) }
            guard let received = state.collecting[id]?.body.count else { return (nil, nil) }
            guard received + data.count <= maxBodySize else { return (.responseTooLarge(limit: maxBodySize), nil) }
            if received == 0 {
                // A small body comes in one piece: keep it, uncopied.
                state.collecting[id]?.body = data
            } else {
                state.collecting[id]?.body.append(data)
            }
            return (nil, nil)
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
    /// like any other, delivered with its body. A server-trust challenge is
    /// answered by the transport's ``ServerTrust``, on Apple platforms.
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
            if challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust, !trust.isSystem,
                let serverTrust = challenge.protectionSpace.serverTrust
            {
                let host = challenge.protectionSpace.host
                if let reason = ServerTrustEvaluation.refusal(of: serverTrust, host: host, trust: trust) {
                    state.withLock { $0.refusedTrust[task.taskIdentifier] = TLSFailure(host: host, reason: reason) }
                    completionHandler(.cancelAuthenticationChallenge, nil)
                } else {
                    completionHandler(.useCredential, URLCredential(trust: serverTrust))
                }
                return
            }
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
        let progress = state.withLock { $0.uploads[task.taskIdentifier]?.progress }
        progress?.add(Int(clamping: bytesSent))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        finish(task, with: error)
        canceller.waitIfCancelling(task)
    }

    /// Completes the task's request once, successfully when `error` is nil.
    private func finish(_ task: URLSessionTask, with error: (any Error)?) {
        let id = task.taskIdentifier
        let (collected, streamed, upload, refused) = state.withLock { state in
            (
                state.collecting.removeValue(forKey: id), state.streaming.removeValue(forKey: id),
                state.uploads.removeValue(forKey: id), state.refusedTrust.removeValue(forKey: id)
            )
        }
        let error = refused.map { NetworkError.tlsFailed($0) } ?? error
        if let upload {
            if error == nil { upload.progress?.finish() }
            upload.cleanup?()
        }
        if let collected {
            if let error {
                collected.continuation.resume(throwing: collected.failure(error))
            } else if let head = collected.head {
                collected.continuation.resume(returning: (head, collected.body))
            } else {
                collected.continuation.resume(throwing: URLError(.badServerResponse))
            }
        }
        if let streamed {
            streamed.head?.resume(throwing: error ?? URLError(.badServerResponse))
            streamed.body.finish(throwing: error)
        }
    }
}

/// One request's task, made on the launch queue after the request began,
/// and whether its caller was cancelled (or its reader left) before the
/// task existed: whichever comes second acts, the launch by abandoning the
/// task it made, the cancellation by abandoning the task it finds.
private typealias Launch = LockedState<(task: URLSessionDataTask?, isCancelled: Bool)>

extension LockedState where State == (task: URLSessionDataTask?, isCancelled: Bool) {
    /// A launch that has not made its task yet.
    fileprivate init() {
        self.init((nil, false))
    }

    /// Records the task; `false` when the caller was cancelled first.
    fileprivate func attach(_ task: URLSessionDataTask) -> Bool {
        withLock { state in
            state.task = task
            return !state.isCancelled
        }
    }

    /// Marks the caller cancelled; the task, once it exists.
    fileprivate func cancel() -> URLSessionDataTask? {
        withLock { state in
            state.isCancelled = true
            return state.task
        }
    }
}
