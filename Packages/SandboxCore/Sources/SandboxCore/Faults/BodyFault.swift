import Foundation

/// A fault inside a response body: the emulator answers as usual, status
/// and headers (its `Content-Length` too), but the body's bytes are cut
/// off, slowed down or stalled, as a flaky network does to them.
///
/// ```swift
/// try sandbox.faults.inject(Fault(path: "/images/*", body: .cut(after: 20_000)))
/// try sandbox.faults.inject(Fault(path: "/images/*", body: .throttle(bytesPerSecond: 100_000)))
/// ```
///
/// It applies to complete bodies: images, attachments, JSON. A streamed
/// answer (Firebase's event streams) is sent as usual; a `drop` fault is
/// how to break one. A body no longer than the byte count of ``cut(after:)``
/// or ``stall(after:)`` arrives whole.
public enum BodyFault: Sendable, Hashable {
    /// After this many bytes of the body, the connection closes.
    case cut(after: Int)
    /// The body is sent at this many bytes a second.
    case throttle(bytesPerSecond: Int)
    /// After this many bytes of the body, nothing more is sent until the
    /// client gives up (its timeout) or ``maxStall`` has passed; then the
    /// connection closes.
    case stall(after: Int)

    /// The largest byte count of ``cut(after:)`` and ``stall(after:)``: 1 TiB.
    public static let maxByteCount = 1 << 40
    /// The highest rate of ``throttle(bytesPerSecond:)``: 1 GiB a second.
    public static let maxBytesPerSecond = 1 << 30
    /// The longest a stalled body waits before its connection closes.
    public static let maxStall = Duration.seconds(600)

    /// Checks the byte count or rate; the error says what is allowed.
    public func validate() throws(FaultError) {
        switch self {
        case .cut(let count), .stall(let count):
            guard (0...Self.maxByteCount).contains(count) else {
                throw FaultError("Expected the byte count to be a whole number from 0 to \(Self.maxByteCount).")
            }
        case .throttle(let rate):
            guard (1...Self.maxBytesPerSecond).contains(rate) else {
                throw FaultError(
                    "Expected \"bytesPerSecond\" to be a whole number from 1 to \(Self.maxBytesPerSecond).")
            }
        }
    }

    /// How a faulted body ended early.
    public enum Ending: Sendable, Equatable {
        /// The connection is to close now (``BodyFault/cut(after:)``).
        case cut
        /// Nothing more is to be sent (``BodyFault/stall(after:)``); the
        /// connection closes when the client goes or ``BodyFault/maxStall``
        /// has passed.
        case stall
    }

    /// Writes `body` as the fault lets it through: in pieces at its pace,
    /// or up to where it stops. Both transports write faulted bodies
    /// through this, so in process and over HTTP they behave alike.
    ///
    /// - Returns: how the body ended early, or `nil` when it went whole.
    public func deliver(_ body: Data, through write: (Data) async throws -> Void) async throws -> Ending? {
        switch self {
        case .cut(let count), .stall(let count):
            guard body.count > count else {
                try await write(body)
                return nil
            }
            if count > 0 {
                try await write(body.prefix(count))
            }
            return self == .cut(after: count) ? .cut : .stall
        case .throttle(let rate):
            // A tenth of a second's worth at a time (at most 64 KiB), each
            // piece sent when the rate allows it: the pace holds however
            // long a write takes.
            let piece = max(1, min(rate / 10, 64 << 10))
            let clock = ContinuousClock()
            let start = clock.now
            var sent = 0
            while sent < body.count {
                let due = start + .seconds(Double(sent) / Double(rate))
                try await clock.sleep(until: due)
                let end = min(body.count, sent + piece)
                try await write(body[(body.startIndex + sent)..<(body.startIndex + end)])
                sent = end
            }
            return nil
        }
    }
}
