import Foundation
import Hummingbird
import NIOCore

/// Writes an emulator's streamed body chunk by chunk as it arrives, with no
/// buffering, until the emulator finishes it, the client leaves, or the
/// server stops.
///
/// The emulator's stream is consumed by a relay task, so the write loop can
/// be woken from outside: cancelling the relay ends the emulator's iteration,
/// which runs its `onTermination` cleanup (unsubscribing the listener). The
/// relay starts with the response, not with its body, so the cleanup also
/// runs when the body is never written (the client left before the head).
enum StreamingBody {
    /// A response body relaying `chunks`.
    static func make(
        _ chunks: AsyncStream<Data>,
        disconnected: EventLoopFuture<Void>,
        streams: OpenStreams
    ) -> ResponseBody {
        let (relay, relayInput) = AsyncStream<Data>.makeStream()
        let pump = Task {
            for await chunk in chunks {
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
            for await chunk in relay where !chunk.isEmpty {
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
