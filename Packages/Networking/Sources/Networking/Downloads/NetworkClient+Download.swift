import Foundation

extension NetworkClient {
    /// Downloads the response body to a file, as it arrives.
    ///
    /// The bytes go to a temporary file beside `destination`, which is moved
    /// into place only when the body is whole (its length matches what the
    /// server declared) and replaces a file already there. On any failure,
    /// and on cancellation, the temporary file is removed and `destination`
    /// is left as it was.
    ///
    /// A download cut off mid-body is taken up again, up to
    /// ``DownloadOptions/maxResumes`` times: with `Range` and `If-Range`
    /// when the first answer had a strong `ETag` or a `Last-Modified`, and
    /// appended to when the server answers `206` for exactly the missing
    /// bytes; from the start otherwise (a `200`, a `416`, or no validator).
    /// Opening the download is retried as ``send(_:)`` retries a request.
    ///
    /// ```swift
    /// let download = try await client.download(
    ///     NetworkRequest<Data>.get("photos/greyhound.jpg"), to: fileURL,
    ///     options: DownloadOptions(maxSize: 50 << 20) { progress in print(progress) })
    /// ```
    ///
    /// - Throws: ``NetworkError/cancelled``; ``NetworkError/fileFailed(_:)``
    ///   when the file cannot be written (no space left, no such folder);
    ///   ``NetworkError/responseTooLarge(limit:)`` past
    ///   ``DownloadOptions/maxSize``; the request's own errors otherwise.
    public func download<Value>(
        _ request: NetworkRequest<Value>, to destination: URL, options: DownloadOptions = DownloadOptions()
    ) async throws(NetworkError) -> Download {
        let file = try PartialFile(destination: destination)
        defer { file.discard() }
        var state = DownloadState(options: options)
        var attempt = 1
        while true {
            let next = state.request(from: request, having: file.length)
            let wire = try makeTransportRequest(next)
            let response: TransportStreamingResponse
            do {
                response = try await retrying(wire, isIdempotent: next.isIdempotent, attempt: &attempt) {
                    number throws(NetworkError) in try await stream(wire, attempt: number)
                }
            } catch {
                guard error.status == 416, state.canResume(after: error) else { throw error }
                // The bytes asked for are gone: the file starts over.
                try state.prepareResume(of: file, startingOver: true)
                log(.resuming(after: error, offset: file.length), wire, attempt: attempt)
                attempt += 1
                continue
            }
            let writer = DownloadWriter(file: file, maxSize: options.maxSize, progress: state.progress)
            do {
                try state.begin(response, in: file)
                // A transport that cannot slow its sender (URLSession) hands
                // each chunk to the writer as it arrives; the loop then only
                // waits for the end. Others deliver the chunks here.
                if let drain = response.body.drain, !drain({ writer.write($0) }) {
                    throw writer.failure ?? .responseTooLarge(limit: options.maxSize ?? 0)
                }
                for try await chunk in response.body where !writer.write(chunk) {
                    throw writer.failure ?? .responseTooLarge(limit: options.maxSize ?? 0)
                }
                try state.finish(at: file.length)
                try file.complete()
                return Download(
                    url: destination, byteCount: file.length, headers: state.headers, resumes: state.resumes)
            } catch {
                // The writer's own failure (a full disk, the size limit) is
                // why the stream was stopped.
                let failure = writer.failure ?? NetworkError(bodyError: error)
                guard state.canResume(after: failure) else { throw failure }
                try state.prepareResume(of: file)
                log(.resuming(after: failure, offset: file.length), wire, attempt: attempt)
                try await waitBeforeRetry(.zero, of: wire, attempt: attempt + 1)
                attempt += 1
            }
        }
    }

    /// Downloads the response body to a file and calls `completion` on the
    /// main queue: ``download(_:to:options:)``, with the same options, for
    /// code that uses completion handlers. The options' `progress` is
    /// called on the main queue too, in order.
    @discardableResult
    public func download<Value>(
        _ request: NetworkRequest<Value>,
        to destination: URL,
        options: DownloadOptions = DownloadOptions(),
        completion: @escaping @MainActor @Sendable (Result<Download, NetworkError>) -> Void
    ) -> NetworkTask {
        // One main-queue dispatch per report keeps their order; separate
        // tasks would not.
        var options = options
        if let handler = options.progress {
            options.progress = { @Sendable progress in DispatchQueue.main.async { handler(progress) } }
        }
        return NetworkTask(completion: completion) { [options] () async throws(NetworkError) in
            try await download(request, to: destination, options: options)
        }
    }

    /// Downloads the response body to a file and calls `completion` on the
    /// main queue; `progress`, if any, is called on the main queue too.
    @available(*, deprecated, message: "Pass DownloadOptions(maxSize:progress:) as options, as the async form takes")
    @discardableResult
    public func download<Value>(
        _ request: NetworkRequest<Value>,
        to destination: URL,
        maxSize: Int? = nil,
        progress: (@MainActor @Sendable (TransferProgress) -> Void)? = nil,
        completion: @escaping @MainActor @Sendable (Result<Download, NetworkError>) -> Void
    ) -> NetworkTask {
        // Called on the main queue by the options form.
        var options = DownloadOptions(maxSize: maxSize)
        if let progress {
            options.progress = { @Sendable report in MainActor.assumeIsolated { progress(report) } }
        }
        return download(request, to: destination, options: options, completion: completion)
    }
}

/// What a download has learnt from the answers so far.
private struct DownloadState {
    let options: DownloadOptions
    let progress: ProgressReporter?
    /// What `If-Range` sends: a strong `ETag`, or else `Last-Modified`.
    private var validator: String?
    private var total: Int?
    private(set) var headers: HeaderFields = [:]
    private(set) var resumes = 0

    init(options: DownloadOptions) {
        self.options = options
        progress = options.progress.map { ProgressReporter(total: nil, handler: $0) }
    }

    /// The request to send, asking for the missing bytes when it can resume.
    func request<Value>(from request: NetworkRequest<Value>, having length: Int) -> NetworkRequest<Value> {
        guard length > 0, let validator else { return request }
        return request.header("Range", "bytes=\(length)-").header("If-Range", validator)
    }

    /// Takes in a response's head: a `206` continues the file, anything
    /// else starts it over.
    mutating func begin(_ response: TransportStreamingResponse, in file: PartialFile) throws(NetworkError) {
        if response.status == 206 {
            guard file.length > 0, validator != nil, let range = ContentRange(response.headers["Content-Range"]),
                range.first == file.length, range.total == nil || total == nil || range.total == total
            else {
                // Not the bytes asked for: this answer cannot be used.
                validator = nil
                throw .incompleteBody(expected: total ?? file.length, received: file.length)
            }
            total = range.total ?? total
        } else {
            if file.length > 0 { try file.truncate() }
            headers = response.headers
            total = TransportResponse.declaredLength(status: response.status, headers: response.headers, method: .get)
            validator = Self.validator(in: response.headers)
        }
        if let maxSize = options.maxSize, let total, total > maxSize {
            throw .responseTooLarge(limit: maxSize)
        }
        progress?.start(completed: file.length, total: total)
    }

    /// Checks that the file is whole.
    func finish(at length: Int) throws(NetworkError) {
        if let total, length != total {
            throw .incompleteBody(expected: total, received: length)
        }
        progress?.finish()
    }

    /// Whether a failure mid-body is one to take the download up again
    /// after: the connection, not the request, the file or the caller.
    func canResume(after error: NetworkError) -> Bool {
        guard resumes < options.maxResumes else { return false }
        switch error {
        case .connectionLost, .timedOut, .incompleteBody, .transportFailed, .notConnected, .cannotConnect:
            return true
        case .httpStatus(let failure):
            return failure.status == 416
        default:
            return false
        }
    }

    /// Counts a resume; without a validator the file starts over.
    mutating func prepareResume(of file: PartialFile, startingOver: Bool = false) throws(NetworkError) {
        resumes += 1
        if startingOver { validator = nil }
        if validator == nil && file.length > 0 {
            try file.truncate()
        }
    }

    private static func validator(in headers: HeaderFields) -> String? {
        if let etag = headers["ETag"]?.trimmingASCIIWhitespace(), !etag.isEmpty, !etag.hasPrefix("W/") {
            return String(etag)
        }
        return headers["Last-Modified"].map { String($0.trimmingASCIIWhitespace()) }
    }
}

/// Writes a download's chunks to its file, counts its progress and checks
/// its size, from the reading task or from the transport's thread (a
/// drained body): one chunk at a time, under a lock that only this
/// download's chunks take.
private final class DownloadWriter: @unchecked Sendable {
    private let file: PartialFile
    private let maxSize: Int?
    private let progress: ProgressReporter?
    private let lock = NSLock()
    private var error: NetworkError?

    init(file: PartialFile, maxSize: Int?, progress: ProgressReporter?) {
        self.file = file
        self.maxSize = maxSize
        self.progress = progress
    }

    /// Why writing stopped, if it did.
    var failure: NetworkError? {
        lock.withLock { error }
    }

    /// Appends a chunk; `false` once it could not be written.
    func write(_ chunk: Data) -> Bool {
        let written: Bool = lock.withLock {
            guard error == nil else { return false }
            if let maxSize, file.length + chunk.count > maxSize {
                error = .responseTooLarge(limit: maxSize)
                return false
            }
            let appended = Result { () throws(NetworkError) in try file.append(chunk) }
            if case .failure(let failure) = appended {
                error = failure
                return false
            }
            return true
        }
        if written { progress?.add(chunk.count) }
        return written
    }
}
