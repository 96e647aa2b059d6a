import Foundation

/// Reads a body of bytes, files and parts in order, synchronously, a buffer
/// at a time: what a body's async chunks are read with.
///
/// A file is opened when its turn comes and read exactly to the length it
/// had when the body was made: a file that ends early or has more bytes
/// fails with ``NetworkError/fileFailed(_:)``, since the request already
/// declared its length. Not thread-safe: one reader reads at a time.
final class BodyReader: @unchecked Sendable {
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

    /// A reader, or `nil` for a body of async chunks, which cannot be read
    /// synchronously.
    init?(_ body: HTTPBody) {
        var pieces: [Piece] = []
        guard Self.flatten(body.source, into: &pieces) else { return nil }
        self.pieces = pieces
        progress = body.progress
        progress?.restart()
    }

    deinit {
        try? file?.handle.close()
    }

    private static func flatten(_ source: HTTPBody.Source, into pieces: inout [Piece]) -> Bool {
        switch source {
        case .bytes(let data):
            pieces.append(.bytes(data))
        case .file(let url, let length):
            pieces.append(.file(url, length: length))
        case .multipart(let form):
            for part in form.encodedSources() where !flatten(part, into: &pieces) {
                return false
            }
        case .chunks:
            return false
        }
        return true
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

    private func readFile(
        _ open: (handle: FileHandle, url: URL, remaining: Int), into buffer: UnsafeMutablePointer<UInt8>,
        maxLength: Int
    ) throws(NetworkError) -> Int {
        let data: Data
        do {
            data = try open.handle.read(upToCount: min(maxLength, open.remaining)) ?? Data()
        } catch {
            throw FileFailure.reading(open.url, FileFailure.reason(of: error))
        }
        guard !data.isEmpty else {
            throw FileFailure.reading(open.url, "it became shorter while it was sent (\(open.remaining) bytes missing)")
        }
        data.copyBytes(to: buffer, count: data.count)
        file?.remaining -= data.count
        return data.count
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
