import Foundation

/// The bytes of a request or a response, whole or streamed: in memory, in a
/// file, a sequence of parts (a multipart form), or an async sequence of
/// chunks.
///
/// A body knows its ``length`` when it can, and whether it can be sent again
/// (``isReplayable``). Bytes, files and forms can: a retry or a `307`/`308`
/// redirect sends them afresh. A one-shot stream cannot: a second attempt
/// fails with ``NetworkError/bodyNotReplayable`` rather than sending half a
/// body. Transports read a body as they send it, so a file or a form is
/// never held whole in memory.
///
/// ```swift
/// let photo = try TransferBody(fileAt: URL(fileURLWithPath: "greyhound.jpg"))
/// let request = NetworkRequest<Data>.post("upload").body(photo, contentType: "image/jpeg")
/// ```
///
/// A body describes itself by its kind and size only (`<82753 bytes>`,
/// `<file greyhound.jpg, 82753 bytes>`), never by its content.
public struct TransferBody: Sendable, Hashable, CustomStringConvertible {
    /// Where the bytes come from.
    enum Source: Sendable, Hashable {
        /// Bytes in memory.
        case bytes(Data)
        /// `length` bytes of a file, as long as it was when the body was made.
        case file(URL, length: Int)
        /// A multipart form: its parts' headers, bytes and files in turn.
        case multipart(MultipartForm)
        /// An async sequence of chunks.
        case chunks(ChunkSource)
        /// A value the client encodes to JSON with its own encoder when it
        /// sends the request.
        case json(JSONValue)
    }

    let source: Source
    /// The number of bytes, when it is known before sending.
    public let length: Int?
    /// The body's `Content-Type`, when it has one of its own: a form's, a
    /// JSON value's, or the one it was made with. A request sends it unless
    /// its headers name another.
    public let contentType: String?
    /// Told how many bytes a transport has read, as it reads them.
    let progress: ProgressReporter?
    /// For a response streamed by a transport that cannot slow its sender
    /// (URLSession): hands every chunk to a function on the transport's
    /// thread instead, so a download is written as fast as it arrives.
    /// `false` when the body cannot be drained so.
    let drain: (@Sendable (@escaping @Sendable (Data) -> Bool) -> Bool)?

    init(
        source: Source, length: Int?, contentType: String? = nil, progress: ProgressReporter? = nil,
        drain: (@Sendable (@escaping @Sendable (Data) -> Bool) -> Bool)? = nil
    ) {
        self.source = source
        self.length = length
        self.contentType = contentType
        self.progress = progress
        self.drain = drain
    }

    /// A body of bytes in memory, with their `Content-Type` if you know it.
    public init(_ data: Data, contentType: String? = nil) {
        self.init(source: .bytes(data), length: data.count, contentType: contentType)
    }

    /// A body of the text's UTF-8 bytes.
    public init(_ text: String, contentType: String? = nil) {
        self.init(Data(text.utf8), contentType: contentType)
    }

    /// An `application/x-www-form-urlencoded` body: the items encoded by the
    /// rules of query items (only RFC 3986's unreserved characters stay as
    /// they are), in the given order.
    public init(form items: [QueryItem]) {
        self.init(
            items.map(PercentEncoding.encode).joined(separator: "&"),
            contentType: "application/x-www-form-urlencoded")
    }

    /// A JSON body of `value`, encoded by the sending client's encoder when
    /// the request is sent (`Content-Type: application/json`).
    public static func json(_ value: any Encodable & Sendable) -> TransferBody {
        TransferBody(source: .json(JSONValue(value)), length: nil, contentType: "application/json")
    }

    /// A body read from a file as it is sent, never whole in memory.
    ///
    /// Its length is the file's size now. If the file is shorter or longer
    /// when it is sent, the request fails with ``NetworkError/fileFailed(_:)``
    /// rather than sending other bytes than the declared ones.
    ///
    /// - Throws: ``NetworkError/fileFailed(_:)`` when `url` is not a regular
    ///   file that can be read.
    public init(fileAt url: URL, contentType: String? = nil) throws(NetworkError) {
        let length = try FileFailure.size(ofFileAt: url)
        self.init(source: .file(url, length: length), length: length, contentType: contentType)
    }

    /// A body whose chunks come from an async sequence, sent as they come.
    ///
    /// - Parameters:
    ///   - chunks: The chunks, in order.
    ///   - length: The total number of bytes, when known; a sequence that
    ///     then yields more or fewer fails the request.
    ///   - isReplayable: Whether `chunks` can be iterated again, from the
    ///     start, for a retry or a redirect. When `false` (the default) the
    ///     body is sent at most once.
    ///   - contentType: The body's `Content-Type`, if you know it.
    public init<Chunks: AsyncSequence & Sendable>(
        _ chunks: Chunks, length: Int? = nil, isReplayable: Bool = false, contentType: String? = nil
    ) where Chunks.Element == Data {
        let source = ChunkSource(isReplayable: isReplayable) {
            let iterator = IteratorBox(chunks.makeAsyncIterator())
            return { try await iterator.next() }
        }
        self.init(source: .chunks(source), length: length.map { Swift.max(0, $0) }, contentType: contentType)
    }

    /// The same body with `contentType`, or its own when `nil`.
    func withContentType(_ contentType: String?) -> TransferBody {
        guard let contentType else { return self }
        return TransferBody(
            source: source, length: length, contentType: contentType, progress: progress, drain: drain)
    }

    /// The same body with a JSON value encoded by `encoder`: what a client
    /// sends.
    func encodingJSON(with encoder: JSONEncoder) throws(NetworkError) -> TransferBody {
        guard case .json(let value) = source else { return self }
        let data = try value.encoded(with: encoder)
        return TransferBody(source: .bytes(data), length: data.count, contentType: contentType, progress: progress)
    }

    /// Whether the body can be sent more than once.
    public var isReplayable: Bool {
        if case .chunks(let source) = self.source { return source.isReplayable }
        return true
    }

    /// Whether reading the body reports progress (see
    /// ``reportingProgress(_:)``): a transport then reads even bytes in
    /// memory through it, in chunks.
    public var reportsProgress: Bool {
        progress != nil
    }

    /// The bytes, when the body is held in memory; `nil` for files, forms
    /// and streams, which are read as they are sent.
    public var data: Data? {
        if case .bytes(let data) = source { return data }
        return nil
    }

    /// The same body, telling `handler` how many bytes a transport has read
    /// from it, at most about a hundred times over the whole body.
    @available(*, deprecated, message: "Set progress on the request: NetworkRequest.uploadProgress(_:)")
    public func reportingProgress(_ handler: @escaping @Sendable (TransferProgress) -> Void) -> TransferBody {
        reporting(handler)
    }

    /// The same body, telling `handler` how many bytes a transport reads.
    func reporting(_ handler: @escaping @Sendable (TransferProgress) -> Void) -> TransferBody {
        TransferBody(
            source: source, length: length, contentType: contentType,
            progress: ProgressReporter(total: length, handler: handler))
    }

    /// Its kind and size, never its content: `<82753 bytes>`,
    /// `<file greyhound.jpg, 82753 bytes>`, `<stream>`.
    public var description: String {
        Self.describe(source, length: length)
    }

    private static func describe(_ source: Source, length: Int?) -> String {
        switch source {
        case .bytes(let data): "<\(data.count) bytes>"
        case .file(let url, let length): "<file \(url.lastPathComponent), \(length) bytes>"
        case .multipart(let form): "<multipart form, \(form.parts.count) parts, \(length ?? 0) bytes>"
        case .chunks: "<stream\(length.map { ", \($0) bytes" } ?? "")>"
        case .json: "<JSON>"
        }
    }

    /// Bodies compare by content for bytes, by file and length for files,
    /// and by identity for streams.
    public static func == (lhs: TransferBody, rhs: TransferBody) -> Bool {
        lhs.source == rhs.source && lhs.length == rhs.length && lhs.contentType == rhs.contentType
    }

    /// Hashes what equality compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(length)
        hasher.combine(contentType)
    }
}

/// A value to encode to JSON when it is sent; compared by identity, as a
/// stream is.
final class JSONValue: Sendable, Hashable {
    let value: any Encodable & Sendable

    init(_ value: any Encodable & Sendable) {
        self.value = value
    }

    /// The value's JSON; a value that cannot be encoded is
    /// ``NetworkError/encodingFailed(_:)``.
    func encoded(with encoder: JSONEncoder) throws(NetworkError) -> Data {
        do {
            return try encoder.encode(value)
        } catch {
            throw .encodingFailed(DecodingErrorSummary(error).description)
        }
    }

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs === rhs }

    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Makes the chunks of a streamed body, at most once unless it can replay.
final class ChunkSource: Sendable, Hashable {
    let isReplayable: Bool
    private let make: @Sendable () -> @Sendable () async throws -> Data?
    private let used = LockedFlag()

    init(isReplayable: Bool, make: @escaping @Sendable () -> @Sendable () async throws -> Data?) {
        self.isReplayable = isReplayable
        self.make = make
    }

    /// A function giving the chunks from the start, one call at a time, or
    /// `nil` when a one-shot sequence was already taken.
    func makeNext() -> (@Sendable () async throws -> Data?)? {
        if !isReplayable && used.testAndSet() { return nil }
        return make()
    }

    static func == (lhs: ChunkSource, rhs: ChunkSource) -> Bool { lhs === rhs }

    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A flag set once, from any thread.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false

    /// Sets the flag and returns whether it was already set.
    func testAndSet() -> Bool {
        lock.withLock {
            defer { isSet = true }
            return isSet
        }
    }
}

/// An async iterator shared by the one reader of a stream made from it;
/// `AsyncThrowingStream(unfolding:)` calls it one call at a time.
final class IteratorBox<Iterator: AsyncIteratorProtocol>: @unchecked Sendable where Iterator.Element == Data {
    private var iterator: Iterator

    init(_ iterator: Iterator) {
        self.iterator = iterator
    }

    func next() async throws -> Data? {
        try await iterator.next()
    }
}
