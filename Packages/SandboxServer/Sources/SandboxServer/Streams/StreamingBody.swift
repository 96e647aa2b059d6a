import Foundation
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore

/// Writes an emulator's streamed body chunk by chunk as it arrives, until
/// the emulator finishes it, the client leaves, the server stops, or the
/// client falls too far behind (``StreamBudget``).
///
/// The emulator's stream is consumed by a pump task into a
/// ``StreamQueue``, so the write loop can be woken from outside: cancelling
/// the pump ends the emulator's iteration, which runs its `onTermination`
/// cleanup (unsubscribing the listener). The pump starts with the response,
/// not with its body, so the cleanup also runs when the body is never
/// written (the client left before the head).
enum StreamingBody {
    /// How long a dropped reader has to take its cancel event before the
    /// connection is closed under it.
    static let dropGracePeriod: Duration = .seconds(10)

    /// A response body relaying `chunks`; `close` ends the connection at
    /// once, `closeAfterWrites` once what was written has gone out.
    static func make(
        _ chunks: AsyncStream<Data>,
        cancelEvent: Data?,
        disconnected: EventLoopFuture<Void>,
        streams: OpenStreams,
        budget: StreamBudget,
        close: @escaping @Sendable () -> Void,
        closeAfterWrites: @escaping @Sendable () -> Void
    ) -> ResponseBody {
        let queue = StreamQueue()
        let ended = NIOLockedValueBox(false)
        let budgetID = budget.register {
            queue.cancel(notice: cancelEvent)
            // The reader gets the cancel event after what is already on its
            // way, then the end of the response; if it does not take them
            // in time, the connection goes anyway.
            Task {
                try? await Task.sleep(for: dropGracePeriod)
                if !ended.withLockedValue({ $0 }) {
                    close()
                }
            }
        }
        let pump = Task {
            for await chunk in chunks {
                budget.queued(chunk.count, for: budgetID)
                guard queue.push(chunk) else { break }
            }
            queue.finish()
        }
        disconnected.whenComplete { _ in pump.cancel() }
        let id = streams.open { pump.cancel() }
        if id == nil {
            pump.cancel()
        }
        return ResponseBody { writer in
            defer {
                ended.withLockedValue { $0 = true }
                pump.cancel()
                budget.unregister(budgetID)
                if let id { streams.close(id) }
            }
            // What queued while the last write went out goes out as one
            // write: a busy server wakes each stream once for its backlog,
            // not once for every event.
            while case let batch = await queue.nextBatch(), !batch.isEmpty {
                let bytes = batch.reduce(0) { $0 + $1.count }
                budget.sent(bytes, for: budgetID)
                guard bytes > 0 else { continue }
                var buffer = ByteBuffer()
                buffer.reserveCapacity(bytes)
                for chunk in batch { buffer.writeBytes(chunk) }
                try await writer.write(buffer)
            }
            try await writer.finish(nil)
            if queue.wasCancelled {
                // Firebase ends the connection after a `cancel`: everything
                // written, the cancel event last, then the close.
                closeAfterWrites()
            }
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
