#if SandboxServer
    import Foundation
    import Hummingbird
    import NIOConcurrencyHelpers
    import NIOCore
    import Sandbox

    /// Writes an emulator's streamed body as it arrives, until the emulator
    /// finishes it, the client leaves, the server stops, or the client falls too
    /// far behind (``StreamBudget``).
    ///
    /// One task per stream: the response's own. The emulator queues its events
    /// straight into the ``SandboxStream``, which wakes this task only when it
    /// waits for them, so a reader that does not read costs each write an
    /// append and a budget entry, not a wake-up. The stream is ended from
    /// outside when the client disconnects or the server stops, which runs the
    /// emulator's cleanup (unsubscribing the listener) even when the body is
    /// never written (the client left before the head).
    enum StreamingBody {
        /// The most a write copies out of the stream's queue: NIO's default high
        /// watermark. A stream writes at most two such batches before the event
        /// loop confirms its connection can take more, so a reader that stops
        /// reading holds at most about three in NIO's buffers that the budget
        /// does not count.
        static let batchLimit = 64 << 10

        /// The kernel's send buffer for a streaming connection (Linux keeps
        /// twice this): enough for events to flow at full speed on loopback and
        /// a local network, and a bound on what a reader that does not read
        /// holds in the kernel besides what the budget counts.
        static let socketSendBuffer: ChannelOptions.Types.SocketOption.Value = 64 << 10

        /// A response body relaying `stream` on `channel`, whose client leaving
        /// completes `disconnected`.
        static func make(
            _ stream: SandboxStream,
            cancelEvent: Data?,
            channel: any Channel,
            disconnected: EventLoopFuture<Void>,
            streams: OpenStreams,
            budget: StreamBudget
        ) -> ResponseBody {
            let ended = NIOLockedValueBox(false)
            let budgetID = budget.register {
                stream.cancel(notice: cancelEvent)
                // The reader gets the cancel event after what is already on its
                // way, then the end of the response; if it does not take them
                // within the budget's grace period, the connection goes anyway.
                Task {
                    try? await Task.sleep(for: budget.dropGracePeriod)
                    if !ended.withLockedValue({ $0 }) {
                        channel.close(promise: nil)
                    }
                }
            }
            budget.queued(stream.observeQueued { budget.queued($0, for: budgetID) }, for: budgetID)
            let openID = streams.open { stream.terminate() }
            // Idempotent: runs when the body ends and when the client leaves,
            // whichever comes first (the body may never be written).
            let end: @Sendable () -> Void = {
                ended.withLockedValue { $0 = true }
                stream.terminate()
                budget.unregister(budgetID)
                if let openID { streams.close(openID) }
            }
            disconnected.whenComplete { _ in end() }
            if openID == nil {
                end()
            }
            return ResponseBody { writer in
                defer { end() }
                // The kernel would otherwise grow the send buffer to 4 MiB for a
                // reader that does not read, outside the budget; bounded, such a
                // reader is soon seen as not reading and costs a write nothing.
                try? await channel.setOption(.socketOption(.so_sndbuf), value: socketSendBuffer).get()
                // What queued while the last write went out goes out as one
                // write: a busy server wakes each stream once for its backlog,
                // not once for every event.
                var unconfirmed = 0
                while case let batch = await stream.nextBatch(upTo: batchLimit), !batch.isEmpty {
                    let bytes = batch.reduce(0) { $0 + $1.count }
                    var buffer = ByteBuffer()
                    buffer.reserveCapacity(bytes)
                    for chunk in batch { buffer.writeBytes(chunk) }
                    try await writer.write(buffer)
                    // The bytes stay in the budget until the connection has taken
                    // them. A write returns before the event loop has seen it, so
                    // past a window the stream asks the event loop itself.
                    unconfirmed += bytes
                    if unconfirmed >= batchLimit * 2 || !channel.isWritable {
                        await ConnectionEventsHandler.waitUntilWritable(channel)
                        unconfirmed = 0
                    }
                    budget.sent(bytes, for: budgetID)
                }
                try await writer.finish(nil)
                if stream.wasCancelled {
                    // Firebase ends the connection after a `cancel`: everything
                    // written, the cancel event last, then the close.
                    channel.close(mode: .output, promise: nil)
                }
            }
        }
    }
#endif
