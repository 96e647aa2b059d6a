import Foundation

#if canImport(Glibc)
    import Glibc

    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    import Darwin

    private let systemRead = Darwin.read
#endif

/// Reads a body of bytes, files and parts in order, synchronously, into
/// buffers of the reader's own: what a body's async chunks are read with,
/// and what a transport reads a body with as it sends it, with no copy in
/// between (a file's bytes go straight from the file to the buffer).
///
/// A file is opened when its turn comes and read exactly to the length it
/// had when the body was made: a file that ends early or has more bytes
/// fails with ``NetworkError/fileFailed(_:)``, since the request already
/// declared its length. Reading reports the body's progress. Not
/// thread-safe: one reader reads at a time.
///
/// ```swift
/// guard let reader = BodyReader(body) else { return try await sendChunks(of: body) }
/// var buffer = [UInt8](repeating: 0, count: 256 << 10)
/// while true {
///     let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
///     if count == 0 { break }
///     try await send(buffer[..<count])
/// }
/// ```
public final class BodyReader: @unchecked Sendable {
    /// One piece still to read.
    private enum Piece {
        case bytes(Data)
        case file(URL, length: Int)
    }

    private var pieces: [Piece]
    private var next = 0
    private var bytes = Data()
    private var bytesOffset = 0
    private var file: (handle: FileHandle, url: URL, remaining: Int)?
    private let progress: ProgressReporter?
    /// The first error: a failed reader fails every later read the same way.
    private var error: NetworkError?

    /// A reader from the body's first byte, or `nil` for a body of async
    /// chunks, which is read with `for try await` instead.
    public init?(_ body: TransferBody) {
        var pieces: [Piece] = []
        guard Self.flatten(body.source, into: &pieces) else { return nil }
        self.pieces = pieces
        progress = body.progress
        progress?.restart()
    }

    deinit {
        try? file?.handle.close()
    }

    private static func flatten(_ source: TransferBody.Source, into pieces: inout [Piece]) -> Bool {
        switch source {
        case .bytes(let data):
            pieces.append(.bytes(data))
        case .file(let url, let length):
            pieces.append(.file(url, length: length))
        case .multipart(let form):
            for part in form.encodedSources() where !flatten(part, into: &pieces) {
                return false
            }
        case .json(let value):
            // A client encodes it before a transport sees it; a transport
            // handed one by hand gets the plain encoder's JSON.
            pieces.append(.bytes((try? value.encoded(with: JSONEncoder())) ?? Data()))
        case .chunks:
            return false
        }
        return true
    }

    /// Fills as much of `buffer` as the body's next piece allows; 0 at the
    /// end.
    ///
    /// - Throws: ``NetworkError/fileFailed(_:)`` when a file cannot be read
    ///   or no longer has its length; every later read throws it too.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(NetworkError) -> Int {
        guard let base = buffer.bindMemory(to: UInt8.self).baseAddress else { return 0 }
        return try read(into: base, maxLength: buffer.count)
    }

    /// Copies up to `maxLength` bytes to `buffer`; 0 at the end.
    func read(into buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) throws(NetworkError) -> Int {
        if let error { throw error }
        do {
            let count = try fill(buffer, maxLength: maxLength)
            progress?.add(count)
            if count == 0 { progress?.finish() }
            return count
        } catch {
            self.error = error
            try? file?.handle.close()
            file = nil
            throw error
        }
    }

    /// The next chunk of at most `maxLength` bytes, or `nil` at the end.
    func next(maxLength: Int) throws(NetworkError) -> Data? {
        var chunk = Data(count: maxLength)
        let result = chunk.withUnsafeMutableBytes { raw -> Result<Int, NetworkError> in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return .success(0) }
            return Result { () throws(NetworkError) in try read(into: base, maxLength: maxLength) }
        }
        let count = try result.get()
        guard count > 0 else { return nil }
        chunk.count = count
        return chunk
    }

    private func fill(_ buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) throws(NetworkError) -> Int {
        while maxLength > 0 {
            if bytesOffset < bytes.count {
                let count = min(maxLength, bytes.count - bytesOffset)
                bytes.copyBytes(
                    to: buffer, from: bytes.startIndex + bytesOffset..<bytes.startIndex + bytesOffset + count)
                bytesOffset += count
                return count
            }
            if let open = file {
                if open.remaining == 0 {
                    try finishFile(open)
                    continue
                }
                return try readFile(open, into: buffer, maxLength: maxLength)
            }
            guard next < pieces.count else { return 0 }
            let piece = pieces[next]
            next += 1
            switch piece {
            case .bytes(let data):
                bytes = data
                bytesOffset = 0
            case .file(let url, let length):
                do {
                    file = (try FileHandle(forReadingFrom: url), url, length)
                } catch {
                    throw FileFailure.reading(url, FileFailure.reason(of: error))
                }

            }
        }
        return 0
    }

    /// Reads from the file straight into `buffer`.
    private func readFile(
        _ open: (handle: FileHandle, url: URL, remaining: Int), into buffer: UnsafeMutablePointer<UInt8>,
        maxLength: Int
    ) throws(NetworkError) -> Int {
        var count: Int
        repeat {
            count = systemRead(open.handle.fileDescriptor, buffer, min(maxLength, open.remaining))
        } while count < 0 && errno == EINTR
        if count < 0 {
            throw FileFailure.reading(open.url, String(cString: strerror(errno)))
        }
        guard count > 0 else {
            throw FileFailure.reading(open.url, "it became shorter while it was sent (\(open.remaining) bytes missing)")
        }
        file?.remaining -= count
        return count
    }

    /// Closes a file read to its length, after checking it did not grow.
    private func finishFile(_ open: (handle: FileHandle, url: URL, remaining: Int)) throws(NetworkError) {
        file = nil
        defer { try? open.handle.close() }
        let more = (try? open.handle.read(upToCount: 1)) ?? nil
        if let more, !more.isEmpty {
            throw FileFailure.reading(open.url, "it became longer while it was sent")
        }
    }
}
