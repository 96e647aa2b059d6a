import Foundation
import Networking
import Sandbox
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Firebase emulator reached the way clients reach it: through the
/// Sandbox and its in-process transport.
@Suite("Firebase through the Sandbox's transport", .timeLimit(.minutes(10)))
struct FirebaseTransportTests {
    @Test("Through the in-process transport, a subscriber sees 100 writes in order, then leaves")
    func hundredWritesInOrder() async throws {
        let sandbox = try await Sandbox(
            configuration: SandboxConfiguration(firebase: FirebaseEmulator.Configuration(seedsLessonData: false)))
        let transport = SandboxTransport(sandbox)
        let url = try #require(URL(string: "http://sandbox.local/feed.json?ns=ordered"))
        // The response lives only inside the reader, so that when it is done
        // the stream is released, which is how the emulator learns it left.
        let reader = Task {
            let response = try await transport.stream(
                TransportRequest(method: .get, url: url, headers: ["Accept": "text/event-stream"]))
            var text = ""
            var events: [String] = []
            for try await chunk in response.body {
                text += String(decoding: chunk, as: UTF8.self)
                while let end = text.range(of: "\n\n") {
                    events.append(String(text[..<end.lowerBound]))
                    text.removeSubrange(..<end.upperBound)
                }
                if events.count == 101 { break }
            }
            return (response.status, events)
        }
        #expect(await waitUntil { await sandbox.firebase.subscriptionCount(namespace: "ordered") == 1 })
        for index in 0..<100 {
            _ = await sandbox.respond(
                to: SandboxRequest("PUT", "/feed/\(index).json?ns=ordered", body: Data(#"{"n":\#(index)}"#.utf8)))
        }
        let (status, events) = try await reader.value
        #expect(status == 200)
        #expect(events.first == #"event: put\#ndata: {"path":"/","data":null}"#)
        #expect(
            Array(events.dropFirst()) == (0..<100).map { #"event: put\#ndata: {"path":"/\#($0)","data":{"n":\#($0)}}"# }
        )
        #expect(await waitUntil { await sandbox.firebase.subscriptionCount(namespace: "ordered") == 0 })
    }
}

/// Polls `condition` until it holds; `false` if it never did within the
/// suite's limit (a bound for a hang, not a timing).
private func waitUntil(_ condition: () async -> Bool) async -> Bool {
    while !Task.isCancelled {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return false
}
