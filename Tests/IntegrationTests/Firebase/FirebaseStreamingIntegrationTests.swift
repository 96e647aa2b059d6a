import FirebaseClient
import Foundation
import HTTPTestServer
import Networking
import Sandbox
import SandboxServer
import Testing

/// Streams over real HTTP: URLSession's data delegate on Linux, no
/// `bytes(for:)`.
@Suite("Firebase streaming over HTTP", .timeLimit(.minutes(10)))
struct FirebaseStreamingIntegrationTests {
    @Test("A subscriber receives each of 100 writes made by another client, in order")
    func hundredWrites() async throws {
        try await FirebaseTestServer.run { server in
            let namespace = FirebaseTestServer.freshNamespace()
            let subscriber = FirebaseTestServer.client(of: server, namespace: namespace)
            let writer = FirebaseTestServer.client(of: server, namespace: namespace)
            var events = subscriber.events(at: "log").makeAsyncIterator()
            #expect(try await events.next() == .put(FirebaseChange(path: "/", data: .null)))
            let writing = Task {
                for index in 0..<100 {
                    try await writer.put(
                        FirebaseEntry(text: "write \(index)", order: index), at: "log/\(writer.makePushID())")
                }
            }
            var received: [Int] = []
            while received.count < 100, let event = try await events.next() {
                guard case .put(let change) = event, change.segments.count == 1 else { continue }
                received.append(try change.data.decode(FirebaseEntry.self).order)
            }
            try await writing.value
            #expect(received == Array(0..<100))
        }
    }

    @Test("A stream survives a server restart: it reconnects and starts again from a fresh initial value")
    func survivesRestart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("firebase-restart-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let namespace = FirebaseTestServer.freshNamespace()
        // Both servers on one reserved port, so that no other test's server
        // can take the number between the stop and the restart.
        try await ReservedPort.hold { reserved in
            let first = try await SandboxServer.start(
                SandboxServerOptions(port: reserved.port, dataDirectory: directory))
            let subscriber = FirebaseTestServer.client(baseURL: first.baseURL, namespace: namespace)
            var values = subscriber.values(at: "doc", as: FirebaseEntry?.self).makeAsyncIterator()
            #expect(try await values.next() == .some(nil))
            try await subscriber.put(FirebaseEntry(text: "before", order: 1), at: "doc")
            #expect(try await values.next() == FirebaseEntry(text: "before", order: 1))

            await first.stop()
            let second = try await SandboxServer.start(
                SandboxServerOptions(port: reserved.port, dataDirectory: directory))
            do {
                // The fresh initial put of the new connection: the stored value.
                #expect(try await values.next() == FirebaseEntry(text: "before", order: 1))
                let writer = FirebaseTestServer.client(of: second, namespace: namespace)
                try await writer.put(FirebaseEntry(text: "after", order: 2), at: "doc")
                #expect(try await values.next() == FirebaseEntry(text: "after", order: 2))
                #expect(await second.sandbox.requests.matching("/doc.json", method: "GET").count >= 1)
            } catch {
                await second.stop()
                throw error
            }
            await second.stop()
        }
    }

    @Test("Cancelling the consumer ends the stream and its connection")
    func cancellation() async throws {
        try await FirebaseTestServer.run { server in
            let firebase = FirebaseTestServer.client(of: server, namespace: FirebaseTestServer.freshNamespace())
            let started = AsyncStream.makeStream(of: Void.self)
            let consumer = Task {
                for try await _ in firebase.events(at: "anything") {
                    started.continuation.yield()
                }
            }
            for await _ in started.stream { break }
            consumer.cancel()
            try await consumer.value
        }
    }
}
