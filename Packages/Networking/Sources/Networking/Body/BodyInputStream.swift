import Foundation

/// A ``BodyReader`` as the `InputStream` URLSession reads a request body
/// from, a buffer at a time on its own thread.
///
/// FoundationNetworking takes `hasBytesAvailable == false` for the end of
/// the body and reads synchronously, so this reads the body's files there
/// and then; it never says "no bytes yet". A read that fails returns -1
/// and keeps the error, which the transport reports in place of the
/// session's generic one.
final class BodyInputStream: InputStream {
    private let reader: BodyReader
    private let lock = NSLock()
    private var status: Stream.Status = .notOpen
    private var failure: NetworkError?

    init(_ reader: BodyReader) {
        self.reader = reader
        super.init(data: Data())
    }

    /// The error the body failed with, if it did.
    var error: NetworkError? {
        lock.withLock { failure }
    }

    override func open() {
        lock.withLock { status = .open }
    }

    override func close() {
        lock.withLock { status = .closed }
    }

    override var streamStatus: Stream.Status {
        lock.withLock { status }
    }

    override var streamError: (any Error)? {
        lock.withLock { failure }
    }

    override var hasBytesAvailable: Bool {
        lock.withLock { status == .open || status == .notOpen }
    }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        let current = streamStatus
        guard current == .open else { return current == .atEnd ? 0 : -1 }
        // The session reads from one thread at a time; only the state the
        // transport also asks for is under the lock.
        let result: Result<Int, NetworkError> = Result { () throws(NetworkError) in
            try reader.read(into: buffer, maxLength: length)
        }
        return lock.withLock {
            switch result {
            case .success(let count):
                if count == 0 { status = .atEnd }
                return count
            case .failure(let error):
                failure = error
                status = .error
                return -1
            }
        }
    }

    override func getBuffer(
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length len: UnsafeMutablePointer<Int>
    ) -> Bool {
        false
    }
}
