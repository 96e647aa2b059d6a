import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns `URLSession` data-delegate callbacks into streaming responses.
///
/// Each task gets a continuation for its head and a stream for its body;
/// the delegate routes callbacks to them by task identifier.
final class StreamingDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Entry {
        var head: CheckedContinuation<HTTPStreamingResponse, any Error>?
        let body: AsyncThrowingStream<Data, any Error>
        let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    }

    // Guarded by `lock`: delegate callbacks arrive on the session's queue
    // while `start` and cancellation run on the caller's.
    private var entries: [Int: Entry] = [:]
    private let lock = NSLock()

    func start(_ task: URLSessionDataTask) async throws -> HTTPStreamingResponse {
        let (body, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        // Both handlers run inside Swift's cancellation machinery, where a
        // direct `cancel()` can deadlock on Linux (see URLSessionTaskCanceller).
        continuation.onTermination = { @Sendable termination in
            if case .cancelled = termination {
                URLSessionTaskCanceller.cancelLater(task)
            }
        }
        let canceller = URLSessionTaskCanceller()
        canceller.track(task)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { head in
                lock.withLock {
                    entries[task.taskIdentifier] = Entry(head: head, body: body, continuation: continuation)
                }
                task.resume()
            }
        } onCancel: {
            canceller.cancel()
        }
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let entry = lock.withLock { () -> Entry? in
            let entry = entries[dataTask.taskIdentifier]
            entries[dataTask.taskIdentifier]?.head = nil
            return entry
        }
        guard let entry, let head = entry.head else {
            completionHandler(.cancel)
            return
        }
        guard let http = response as? HTTPURLResponse else {
            head.resume(throwing: URLError(.badServerResponse))
            completionHandler(.cancel)
            return
        }
        head.resume(
            returning: HTTPStreamingResponse(
                status: http.statusCode,
                headers: URLSessionTransport.headers(of: http),
                body: entry.body
            )
        )
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let continuation = lock.withLock { entries[dataTask.taskIdentifier]?.continuation }
        continuation?.yield(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = lock.withLock({ entries.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let head = entry.head {
            head.resume(throwing: error ?? URLError(.badServerResponse))
        }
        if let error {
            entry.continuation.finish(throwing: error)
        } else {
            entry.continuation.finish()
        }
    }
}
