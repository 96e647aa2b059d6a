import Foundation
import HummingbirdWSClient
import Logging
import Networking
import Sandbox
import SandboxServer
import Testing

/// The Realtime Database's own protocol over a real WebSocket at `/.ws`,
/// as Firebase's SDKs reach it once pointed at the Sandbox.
@Suite("Firebase's realtime protocol over a WebSocket", .timeLimit(.minutes(10)))
struct FirebaseWebSocketTests {
    private static let logger = Logger(label: "FirebaseWebSocketTests")

    private static func url(_ server: SandboxServer, namespace: String = "test") -> String {
        "ws://127.0.0.1:\(server.port)/.ws?v=5&ns=\(namespace)"
    }

    /// Reads whole messages, put back together from their frames.
    struct Messages {
        var iterator: WebSocketInboundMessageStream.AsyncIterator

        mutating func next() async throws -> JSON {
            let text = try await self.text()
            guard let count = Int(text) else { return try JSON.parse(text) }
            var whole = ""
            for _ in 0..<count { whole += try await self.text() }
            return try JSON.parse(whole)
        }

        private mutating func text() async throws -> String {
            guard case .text(let text)? = try await iterator.next() else { throw URLError(.networkConnectionLost) }
            return text
        }

        /// Messages up to the answer to request `number`, which is last.
        mutating func upToAnswer(_ number: Int) async throws -> [JSON] {
            var messages: [JSON] = []
            while true {
                let message = try await next()
                messages.append(message)
                if message["d"]?["r"] == .number(Double(number)) { return messages }
            }
        }
    }

    private static func request(_ number: Int, _ action: String, _ body: JSON) throws -> String {
        let message: JSON = ["t": "d", "d": ["r": .number(Double(number)), "a": .string(action), "b": body]]
        return String(decoding: try JSONEncoder().encode(message), as: UTF8.self)
    }

    /// The `data` of the next `put` or `patch` event: keep-alives, which a
    /// slow (busy) run may see, are skipped.
    private static func data(_ events: FirebaseHTTPEventReader) async throws -> JSON? {
        while true {
            let event = try await events.next()
            if event.name == "put" || event.name == "patch" { return try JSON.parse(Data(event.data.utf8))["data"] }
        }
    }

    @Test("Hello, a listen that hears REST, a write REST streams hear, and frames over 16 KiB")
    func listenAndWrite() async throws {
        try await FirebaseHTTP.withServer { server in
            let events = FirebaseHTTPEventReader(server.baseURL, "/shared.json?ns=test")
            #expect(try await events.next().name == "put")
            let baseURL = server.baseURL
            try await WebSocketClient.connect(url: Self.url(server), logger: Self.logger) { inbound, outbound, _ in
                var messages = Messages(iterator: inbound.messages(maxSize: 1 << 20).makeAsyncIterator())
                let hello = try await messages.next()
                #expect(hello["d"]?["t"] == "h")
                #expect(hello["d"]?["d"]?["h"] == .string("127.0.0.1:\(server.port)"))
                try await outbound.write(.text(try Self.request(1, "q", ["p": "/room", "h": ""])))
                let listened = try await messages.upToAnswer(1)
                #expect(listened.first?["d"]?["b"]?["d"] == .null)
                // The console's list of connected SDKs has it, and its listen.
                let listing = try await FirebaseHTTP.send(baseURL, "GET", "/__sandbox/firebase/clients")
                let client = try JSON.parse(listing.body)["clients"]?[0]
                #expect(client?["namespace"] == "test")
                #expect(client?["signedInAs"] == nil)
                #expect(client?["listens"] == [["path": "/room"]])
                try await FirebaseHTTP.send(baseURL, "PUT", "/room/topic.json?ns=test", #""maths""#)
                #expect(try await messages.next()["d"]?["b"]?["p"] == "room/topic")
                try await outbound.write(.text(try Self.request(2, "p", ["p": "/shared", "d": "from the socket"])))
                #expect(try await messages.upToAnswer(2).last?["d"]?["b"]?["s"] == "ok")
                let big = String(repeating: "✔", count: 30_000)
                try await FirebaseHTTP.send(baseURL, "PUT", "/room/big.json?ns=test", "\"\(big)\"")
                #expect(try await messages.next()["d"]?["b"]?["d"] == .string(big))
            }
            #expect(try await Self.data(events) == "from the socket")
        }
    }

    @Test("Connected SDKs are listed with who they are and their listens, and leave the list when they go")
    func connectedClients() async throws {
        try await FirebaseHTTP.withServer { server in
            let baseURL = server.baseURL
            let events = FirebaseHTTPEventReader(server.baseURL, "/gone.json?ns=test")
            #expect(try await Self.data(events) == .null)
            try await WebSocketClient.connect(url: Self.url(server), logger: Self.logger) { inbound, outbound, _ in
                var messages = Messages(iterator: inbound.messages(maxSize: 1 << 20).makeAsyncIterator())
                _ = try await messages.next()
                try await outbound.write(.text(try Self.request(1, "gauth", ["cred": "owner"])))
                let query: JSON = ["i": "s", "l": 2, "vf": "r"]
                try await outbound.write(
                    .text(try Self.request(2, "q", ["p": "/scores", "q": query, "t": 1, "h": ""])))
                try await outbound.write(.text(try Self.request(3, "o", ["p": "/gone", "d": true])))
                _ = try await messages.upToAnswer(3)
                let listing = try await FirebaseHTTP.send(baseURL, "GET", "/__sandbox/firebase/clients")
                let client = try JSON.parse(listing.body)["clients"]?[0]
                #expect(client?["signedInAs"] == "administrator")
                #expect(client?["listens"]?[0]?["path"] == "/scores")
                let listed = try (client?["listens"]?[0]?["query"]?.stringValue).map { try JSON.parse($0) }
                #expect(listed == query)
            }
            // The connection leaves the list before its onDisconnect write
            // is made: once the write is seen, the list is empty.
            #expect(try await Self.data(events) == true)
            let listing = try await FirebaseHTTP.send(baseURL, "GET", "/__sandbox/firebase/clients")
            #expect(try JSON.parse(listing.body)["clients"] == [])
        }
    }

    @Test("The upgrade is in the request log; a fault on /.ws closes the socket at once, and the next one is served")
    func logAndFaults() async throws {
        try await FirebaseHTTP.withServer { server in
            try server.sandbox.faults.inject(
                Fault(path: "/.ws", action: .respond(status: 503, headers: [:], body: Data())))
            try await WebSocketClient.connect(url: Self.url(server), logger: Self.logger) { inbound, _, _ in
                var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
                // No handshake: the socket closes.
                let first = try await messages.next()
                #expect(first == nil)
            }
            try await WebSocketClient.connect(url: Self.url(server), logger: Self.logger) { inbound, _, _ in
                var messages = Messages(iterator: inbound.messages(maxSize: 1 << 20).makeAsyncIterator())
                let hello = try await messages.next()
                #expect(hello["d"]?["t"] == "h")
            }
            let logged = await server.sandbox.requests.matching("/.ws")
            #expect(logged.map(\.status) == [503, 101])
            #expect(logged.allSatisfy { $0.service == "firebase" && $0.rawQuery == "v=5&ns=test" })
        }
    }

    @Test("onDisconnect writes apply when the socket drops without a close")
    func onDisconnectOnDrop() async throws {
        try await FirebaseHTTP.withServer { server in
            let events = FirebaseHTTPEventReader(server.baseURL, "/presence.json?ns=test")
            #expect(try await Self.data(events) == .null)
            let socket = try await RawConnection.connect(port: server.port)
            try await socket.send(
                "GET /.ws?v=5&ns=test HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
            try await socket.send(Self.maskedFrame(try Self.request(1, "o", ["p": "/presence", "d": "gone"])))
            // Its answer tells that the server has the write.
            var received = ""
            while !received.contains(#""r":1"#) {
                let more = try await socket.readSome()
                try #require(!more.isEmpty, "the server closed the socket: \(received)")
                received += more
            }
            await socket.shutdown()
            #expect(try await Self.data(events) == "gone")
        }
    }

    @Test("A client that never reads is dropped within the stream budget, its socket closed and its onDisconnect made")
    func neverReads() async throws {
        var options = FirebaseHTTP.options()
        options.maxQueuedStreamBytes = 1 << 20
        try await FirebaseHTTP.withServer(options) { server in
            let events = FirebaseHTTPEventReader(server.baseURL, "/gone.json?ns=test")
            #expect(try await Self.data(events) == .null)
            let socket = try await RawConnection.connect(port: server.port, receiveBuffer: 4096)
            try await socket.send(
                "GET /.ws?v=5&ns=test HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
            try await socket.send(Self.maskedFrame(try Self.request(1, "q", ["p": "/feed", "h": ""])))
            try await socket.send(Self.maskedFrame(try Self.request(2, "o", ["p": "/gone", "d": true])))
            // 2 MiB of events for a reader that takes none.
            let event = "\"" + String(repeating: "x", count: 16 << 10) + "\""
            for index in 0..<128 {
                try await FirebaseHTTP.send(server.baseURL, "PUT", "/feed/\(index % 8).json?ns=test", event)
            }
            #expect(try await Self.data(events) == true)
            await socket.shutdown()
        }
    }

    /// A client's text frame: masked, as RFC 6455 requires of clients.
    static func maskedFrame(_ text: String) -> [UInt8] {
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x81]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        return frame
    }
}
