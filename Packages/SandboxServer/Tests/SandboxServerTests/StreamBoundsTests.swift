import Foundation
import Networking
import Testing

@testable import Sandbox
@testable import SandboxFirebase
@testable import SandboxServer

/// Event streams as a whole: slow readers cannot hold more than the
/// server's budget, each dropped one hears why before its stream ends, and
/// streams on namespaces nobody wrote leave nothing behind.
@Suite("Stream bounds over HTTP", .timeLimit(.minutes(10)))
struct StreamBoundsTests {
    /// The body of a chunked response, or `nil` when it did not end.
    private static func dechunked(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        let crlf: [UInt8] = [13, 10]
        func find(_ needle: [UInt8], from start: Int) -> Int? {
            // A body cut short leaves `start` past the last place a needle fits.
            guard start <= bytes.count - needle.count else { return nil }
            return (start...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle }
        }
        guard var index = find(crlf + crlf, from: 0).map({ $0 + 4 }) else { return nil }
        var body: [UInt8] = []
        while let lineEnd = find(crlf, from: index) {
            let line = String(decoding: bytes[index..<lineEnd], as: UTF8.self)
            guard let size = Int(line.prefix { $0 != ";" }, radix: 16) else { return nil }
            if size == 0 { return String(decoding: body, as: UTF8.self) }
            let start = lineEnd + 2
            guard bytes.count >= start + size + 2 else { return nil }
            body += bytes[start..<(start + size)]
            index = start + size + 2
        }
        return nil
    }

    @Test(
        "Slow readers are dropped, slowest first, each with a cancel event after whole events; the total stays bounded")
    func slowReaders() async throws {
        var options = SandboxServerOptions()
        options.maxQueuedStreamBytes = 2 << 20
        // The readers are read only after all the writes: however long that
        // takes on a busy machine, a dropped one must still get its cancel
        // event and the end of its response, not a close.
        options.streamDropGracePeriod = .seconds(3600)
        options.configuration.firebase.seedsLessonData = false
        try await SandboxServer.withServer(options) { server in
            var readers: [RawConnection] = []
            for _ in 0..<6 {
                let reader = try await RawConnection.connect(
                    port: server.port, receiveBuffer: 4096)
                try await reader.send(
                    "GET /big.json?ns=slow HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
                        + "Connection: close\r\n\r\n")
                readers.append(reader)
            }
            while await server.sandbox.firebase.subscriptionCount(namespace: "slow") < 6 {
                try await Task.sleep(for: .milliseconds(10))
            }
            let value = JSON.string(String(repeating: "x", count: 256 << 10))
            var peak = 0
            for index in 0..<60 {
                try await server.sandbox.firebase.setValue(
                    ["n": .number(Double(index)), "v": value], at: "big", namespace: "slow")
                peak = max(peak, server.streamBudget.queuedBytes)
            }
            // At most the budget, plus the one event being accounted when
            // the bound was crossed.
            #expect(peak <= (2 << 20) + (300 << 10))
            // Every reader is drained at once, so that none waits for another.
            let texts = try await withThrowingTaskGroup(of: String.self) { group in
                for reader in readers {
                    group.addTask { try await reader.readUntilClosed() }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(texts.count == readers.count)
            for text in texts {
                let body = try #require(Self.dechunked(text), "the response ended: \(text.suffix(200))")
                #expect(
                    body.hasSuffix(
                        "event: cancel\ndata: \"The stream fell too far behind its reader and was closed; reconnect to start again from the current data.\"\n\n"
                    ))
                // Every event is whole: each starts with `event:` and ends
                // with a blank line.
                let events = body.components(separatedBy: "\n\n").dropLast()
                #expect(events.allSatisfy { $0.hasPrefix("event: ") && $0.contains("\ndata: ") })
            }
            while await server.sandbox.firebase.subscriptionCount(namespace: "slow") > 0 {
                try await Task.sleep(for: .milliseconds(10))
            }
            while server.streamBudget.queuedBytes > 0 {
                try await Task.sleep(for: .milliseconds(10))
            }
        }
    }

    @Test(
        "A reader that does not read is held to a bounded send buffer: its events soon queue where the budget sees them"
    )
    func boundedSendBuffer() async throws {
        var options = SandboxServerOptions()
        options.configuration.firebase.seedsLessonData = false
        try await SandboxServer.withServer(options) { server in
            let reader = try await RawConnection.connect(port: server.port, receiveBuffer: 4096)
            try await reader.send(
                "GET /feed.json?ns=stuck HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
            while await server.sandbox.firebase.subscriptionCount(namespace: "stuck") < 1 {
                try await Task.sleep(for: .milliseconds(10))
            }
            // Left to itself the kernel grows a send buffer to 4 MiB for a
            // reader that never reads, all of it outside the budget. Bounded,
            // it takes 128 KiB, and NIO about 200 KiB more; the rest of
            // 2 MiB of events must queue where the budget counts it.
            let event = JSON.string(String(repeating: "x", count: 4 << 10))
            for index in 0..<512 {
                try await server.sandbox.firebase.setValue(event, at: "feed/\(index)", namespace: "stuck")
            }
            // Events reach streams after the writes return: wait for them.
            // Were more than 1 MiB to leave the server, this would wait
            // forever, and the suite's time limit would fail the test.
            while server.streamBudget.queuedBytes < 1 << 20 {
                try await Task.sleep(for: .milliseconds(10))
            }
            await reader.shutdown()
        }
    }

    @Test("Streams on namespaces nobody wrote never fill the namespace table, and leave nothing when they end")
    func listeningNamespaces() async throws {
        var options = SandboxServerOptions()
        options.configuration.firebase.maxNamespaces = 5
        options.configuration.firebase.seedsLessonData = false
        try await SandboxServer.withServer(options) { server in
            var readers: [RawConnection] = []
            for index in 0..<20 {
                let reader = try await RawConnection.connect(port: server.port)
                try await reader.send(
                    "GET /.json?ns=listen\(index) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
                readers.append(reader)
            }
            for index in 0..<20 {
                while await server.sandbox.firebase.subscriptionCount(namespace: "listen\(index)") < 1 {
                    try await Task.sleep(for: .milliseconds(10))
                }
            }
            // Twenty listened-to namespaces, and writes to five new ones
            // still fit a table of five.
            for index in 0..<5 {
                let write = try await HTTP.send(
                    "PUT", HTTP.url(server.baseURL, "/a.json?ns=written\(index)"), body: Data("1".utf8))
                #expect(write.status == 200)
            }
            let sixth = try await HTTP.send(
                "PUT", HTTP.url(server.baseURL, "/a.json?ns=written5"), body: Data("1".utf8))
            #expect(sixth.status == 507)
            // A listened-to namespace written to becomes one of its own.
            let listened = try await HTTP.send(
                "PUT", HTTP.url(server.baseURL, "/a.json?ns=listen0"), body: Data("1".utf8))
            #expect(listened.status == 507)
            for reader in readers {
                await reader.shutdown()
            }
            readers.removeAll()
            while server.sandbox.firebase.databases.allocated > 5 {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(server.sandbox.firebase.databases.count == 5)
            #expect(await server.sandbox.firebase.namespaces == (0..<5).map { "written\($0)" })
        }
    }
}
