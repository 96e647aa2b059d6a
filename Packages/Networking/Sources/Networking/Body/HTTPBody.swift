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
/// let photo = try HTTPBody(fileAt: URL(fileURLWithPath: "greyhound.jpg"))
/// let request = Request<Data>.post("upload").body(photo, contentType: "image/jpeg")
/// ```
///
/// A body describes itself by its kind and size only (`<82753 bytes>`,
/// `<file greyhound.jpg, 82753 bytes>`), never by its content.
public struct HTTPBody: Sendable, Hashable, CustomStringConvertible {
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
    }

    let source: Source
    /// The number of bytes, when it is known before sending.
    public let length: Int?
    /// Told how many bytes a transport has read, as it reads them.
    let progress: ProgressReporter?
    /// For a response streamed by a transport that cannot slow its sender
    /// (URLSession): hands every chunk to a function on the transport's
    /// thread instead, so a download is written as fast as it arrives.
    /// `false` when the body cannot be drained so.
    let drain: (@Sendable (@escaping @Sendable (Data) -> Bool) -> Bool)?

    init(
        source: Source, length: Int?, progress: ProgressReporter? = nil,
        drain: (@Sendable (@escaping @Sendable (Data) -> Bool) -> Bool)? = nil
    ) {
        self.source = source
        self.length = length
        self.progress = progress
        self.drain = drain
    }

    /// A body of bytes in memory.
    public init(_ data: Data) {
        self.init(source: .bytes(data), length: data.count)
    }

    /// A body of the text's UTF-8 bytes.
    public init(_ text: String) {
        self.init(Data(text.utf8))
    }

    /// A body read from a file as it is sent, never whole in memory.
    ///
    /// Its length is the file's size now. If the file is shorter or longer
    /// when it is sent, the request fails with ``NetworkError/fileFailed(_:)``
    /// rather than sending other bytes than the declared ones.
    ///
    /// - Throws: ``NetworkError/fileFailed(_:)`` when `url` is not a regular
    ///   file that can be read.
    public init(fileAt url: URL) throws(NetworkError) {
        let length = try FileFailure.size(ofFileAt: url)
        self.init(source: .file(url, length: length), length: length)
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
    public init<Chunks: AsyncSequence & Sendable>(
        _ chunks: Chunks, length: Int? = nil, isReplayable: Bool = false
    ) where Chunks.Element == Data {
        let source = ChunkSource(isReplayable: isReplayable) {
            let iterator = IteratorBox(chunks.makeAsyncIterator())
            return { try await iterator.next() }
        }
        self.init(source: .chunks(source), length: length.map { Swift.max(0, $0) })
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
    public func reportingProgress(_ handler: @escaping @Sendable (TransferProgress) -> Void) -> HTTPBody {
        HTTPBody(source: source, length: length, progress: ProgressReporter(total: length, handler: handler))
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
        }
    }

    /// Bodies compare by content for bytes, by file and length for files,
    /// and by identity for streams.
    public static func == (lhs: HTTPBody, rhs: HTTPBody) -> Bool {
        lhs.source == rhs.source && lhs.length == rhs.length
    }

    /// Hashes what equality compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(length)
    }
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
