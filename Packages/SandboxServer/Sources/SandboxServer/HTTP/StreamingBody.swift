import Foundation
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore

/// Writes an emulator's streamed body chunk by chunk as it arrives, until
/// the emulator finishes it, the client leaves, the server stops, or the
/// client falls more than ``maxBacklog`` bytes behind.
///
/// A client that stops reading makes the writes wait while the emulator
/// goes on producing events; what waits for it is counted, and past the
/// limit the connection is closed and the subscription ended, as the real
/// Firebase drops a client that cannot keep up. Everything it held is then
/// released.
///
/// The emulator's stream is consumed by a relay task, so the write loop can
/// be woken from outside: cancelling the relay ends the emulator's iteration,
/// which runs its `onTermination` cleanup (unsubscribing the listener). The
/// relay starts with the response, not with its body, so the cleanup also
/// runs when the body is never written (the client left before the head).
enum StreamingBody {
    /// The most bytes a stream holds for a client that has not taken them:
    /// 8 MiB, a few hundred times a lesson's largest event.
    static let maxBacklog = 8 << 20

    /// A response body relaying `chunks`; `close` ends the connection.
    static func make(
        _ chunks: AsyncStream<Data>,
        disconnected: EventLoopFuture<Void>,
        streams: OpenStreams,
        maxBacklog: Int = maxBacklog,
        close: @escaping @Sendable () -> Void
    ) -> ResponseBody {
        let (relay, relayInput) = AsyncStream<Data>.makeStream()
        let backlog = NIOLockedValueBox(0)
        let pump = Task {
            for await chunk in chunks {
                let waiting = backlog.withLockedValue { bytes in
                    bytes += chunk.count
                    return bytes
                }
                guard waiting <= maxBacklog else {
                    close()
                    break
                }
                relayInput.yield(chunk)
            }
            relayInput.finish()
        }
        disconnected.whenComplete { _ in pump.cancel() }
        let id = streams.open { pump.cancel() }
        if id == nil {
            pump.cancel()
        }
        return ResponseBody { writer in
            defer {
                pump.cancel()
                if let id { streams.close(id) }
            }
            for await chunk in relay {
                backlog.withLockedValue { $0 -= chunk.count }
                guard !chunk.isEmpty else { continue }
                try await writer.write(ByteBuffer(bytes: chunk))
            }
            try await writer.finish(nil)
        }
    }

    /// Ends a stream that will not be sent (a HEAD request, an invalid
    /// status), so the emulator's cleanup runs now rather than whenever the
    /// stream happens to be released.
    static func discard(_ chunks: AsyncStream<Data>) {
        let consumer = Task {
            for await _ in chunks {}
        }
        consumer.cancel()
    }
}
