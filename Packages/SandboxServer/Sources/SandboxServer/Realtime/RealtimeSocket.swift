#if SandboxServer
    import Foundation
    import HTTPTypes
    import Hummingbird
    import HummingbirdWebSocket
    import NIOCore
    import Sandbox

    /// Carries the Realtime Database's own protocol over a WebSocket at
    /// `/.ws?v=5&ns=…`, where Firebase's SDKs connect once pointed at the
    /// Sandbox: each text frame goes to a ``/SandboxFirebase/FirebaseRealtimeConnection``,
    /// and its frames go back in order.
    ///
    /// A connection is bounded: a frame is at most ``maxFrameSize`` bytes, a
    /// message what the emulator takes, and the frames waiting for a client
    /// that stops reading count against the server's ``StreamBudget`` (and
    /// the connection's own backlog); a client dropped by either has its
    /// socket closed, a writer still stuck on it cut off after
    /// ``dropGracePeriod``.
    enum RealtimeSocket {
        /// The largest WebSocket frame taken or sent: the SDKs send at most
        /// 16,384 characters a frame, which UTF-8 may make 48 KiB.
        static let maxFrameSize = 1 << 16
        /// How long a dropped client's writer may still take to finish.
        static let dropGracePeriod: Duration = .seconds(5)

        /// The WebSocket settings of the server.
        static let configuration = WebSocketServerConfiguration(
            maxFrameSize: maxFrameSize, autoPing: .enabled(timePeriod: .seconds(30)))

        /// Whether `head` opens the protocol's WebSocket, and if so what
        /// serves it. Any origin may connect, as with the official emulator:
        /// a browser sends no preflight for a WebSocket.
        static func upgrade(
            _ head: HTTPRequest, on channel: any Channel, sandbox: Sandbox, budget: StreamBudget
        ) -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
            // Read as the emulators read a request: headers with `Host`, the
            // raw query, whether the caller is local.
            let request = SandboxResponder.sandboxRequest(
                from: head, target: RequestTarget(head.path ?? "/"), body: Data(),
                remoteAddress: channel.remoteAddress)
            guard request.path == FirebaseEmulator.realtimePath else { return .dontUpgrade }
            // Faults and latency apply as for any request. A refusal of an
            // upgrade cannot carry a status (Hummingbird answers it 400), so a
            // fault's socket opens and closes at once, as a failing server's
            // does, and the SDK reconnects later.
            // (A body fault is about an HTTP body: the socket is served.)
            let (latency, fault) = sandbox.faults.consume(for: request)
            let failure: Int? =
                switch fault {
                case .respond(let status, _, _)?: status
                case .dropConnection?: 0
                case .body?, nil: nil
                }
            if let failure {
                record(request, in: sandbox, status: failure, note: "A fault set in the Sandbox")
                return .upgrade([:]) { _, outbound, _ in
                    try? await Task.sleep(for: latency)
                    if failure == 0 { try? await channel.close() }
                    try? await outbound.close(.unexpectedServerError, reason: "A fault set in the Sandbox")
                }
            }
            let host = head.authority ?? "localhost"
            guard
                let connection = try? sandbox.firebase.openRealtimeConnection(
                    namespace: request.query("ns"), host: host)
            else { return .dontUpgrade }
            record(request, in: sandbox, status: 101, note: "A WebSocket of the Realtime Database's protocol")
            return .upgrade([:]) { inbound, outbound, _ in
                if latency > .zero { try? await Task.sleep(for: latency) }
                await serve(connection, inbound: inbound, outbound: outbound, channel: channel, budget: budget)
            }
        }

        /// Logs the upgrade as the request log logs a stream: `GET /.ws`,
        /// its status (101, or a fault's), its body the connection.
        private static func record(
            _ request: SandboxRequest, in sandbox: Sandbox, status: Int, note: String
        ) {
            sandbox.requests.record(
                RecordedRequest(
                    service: "firebase", method: "GET", path: request.path, rawQuery: request.rawQuery,
                    status: status, requestHeaders: request.headers, responseBody: .stream, note: note))
        }

        private enum Side {
            case reader, writer, closer, watchdog
        }

        /// Runs one connection until the client leaves or the connection
        /// ends it; its `close()` runs either way.
        private static func serve(
            _ connection: FirebaseRealtimeConnection, inbound: WebSocketInboundStream,
            outbound: WebSocketOutboundWriter, channel: any Channel, budget: StreamBudget
        ) async {
            // The frames waiting for the client count against the server's
            // stream budget, with the event streams': past it, the slowest
            // are dropped first, and a dropped client's frames are let go.
            // As for an event stream, the kernel's send buffer is kept small:
            // it would otherwise grow to megabytes for a client that does not
            // read, outside the budget.
            try? await channel.setOption(.socketOption(.so_sndbuf), value: StreamingBody.socketSendBuffer).get()
            let frames = connection.frames
            let budgetID = budget.register { frames.cancel(notice: nil) }
            budget.queued(frames.observeQueued { budget.queued($0, for: budgetID) }, for: budgetID)
            defer { budget.unregister(budgetID) }
            await withTaskGroup(of: Side.self) { group in
                group.addTask {
                    do {
                        for try await message in inbound.messages(maxSize: maxFrameSize * 2) {
                            if case .text(let text) = message { await connection.receive(text) }
                        }
                    } catch {
                        // A broken or oversized frame ends the connection, as a close does.
                    }
                    await connection.close()
                    return .reader
                }
                group.addTask {
                    for await frame in frames {
                        do {
                            try await outbound.write(.text(String(decoding: frame, as: UTF8.self)))
                        } catch {
                            break
                        }
                        budget.sent(frame.count, for: budgetID)
                    }
                    return .writer
                }
                group.addTask {
                    await connection.ended()
                    try? await Task.sleep(for: dropGracePeriod)
                    return .watchdog
                }
                // The reader ends first when the client leaves. The writer
                // ends first when the connection ended (a message too large, a
                // client too slow): a close is sent, by a task of its own as a
                // client that does not read may never take it, and the reader
                // ends once the client answers, or the watchdog's grace is up.
                sides: while let side = await group.next() {
                    switch side {
                    case .writer:
                        group.addTask {
                            try? await outbound.close(.normalClosure, reason: nil)
                            return .closer
                        }
                    case .closer:
                        continue
                    case .watchdog:
                        try? await channel.close()
                        break sides
                    case .reader:
                        break sides
                    }
                }
                group.cancelAll()
            }
        }
    }
#endif
