import Foundation
import Networking
import SandboxCore
import Testing

@testable import SandboxFirebase

/// Sends REST requests to a Firebase emulator in process and reads the
/// answers as text, the way the conformance tests compare them.
struct FirebaseHarness {
    /// An answer: status, headers, body text, and the emulator's note for
    /// the request log (which rule refused it).
    struct Reply {
        var status: Int
        var headers: HeaderFields
        var body: String
        var note: String?

        /// The body parsed as JSON; `nil` when it is not JSON.
        var json: JSON? {
            try? JSON.parse(body)
        }
    }

    /// The emulator.
    let firebase: FirebaseEmulator

    /// An empty emulator (no seed data) unless told.
    init(
        _ configuration: FirebaseEmulator.Configuration = FirebaseEmulator.Configuration(seedsLessonData: false),
        storage: (any SandboxStorage)? = nil
    ) async throws {
        firebase = try await FirebaseEmulator(configuration: configuration, storage: storage)
    }

    /// Sends `method target` with an optional body, answered as the
    /// Sandbox answers it (a path with a control character refused).
    @discardableResult
    func send(_ method: String, _ target: String, _ body: String? = nil, headers: HeaderFields = [:]) async -> Reply {
        let response = await firebase.answer(
            SandboxRequest(method, target, headers: headers, body: Data((body ?? "").utf8)))
        return Reply(
            status: response.status, headers: response.headers,
            body: String(decoding: response.data, as: UTF8.self), note: response.note)
    }

    /// Starts an event stream and returns a reader of its events.
    func stream(_ target: String) async -> FirebaseEventReader {
        FirebaseEventReader(
            await firebase.answer(SandboxRequest("GET", target, headers: ["Accept": "text/event-stream"])))
    }

    /// The body Firebase sends with an error.
    static func errorBody(_ message: String) -> String {
        "{\n  \"error\" : \"\(message)\"\n}\n"
    }

}

/// Expects Firebase's error answer: the status, `{"error" : message}` as
/// the service lays it out, and its content type.
func expectError(
    _ reply: FirebaseHarness.Reply, _ status: Int, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(reply.status == status, sourceLocation: sourceLocation)
    #expect(reply.body == FirebaseHarness.errorBody(message), sourceLocation: sourceLocation)
    #expect(reply.headers["Content-Type"] == "application/json; charset=utf-8", sourceLocation: sourceLocation)
}

/// Reads server-sent events from an emulator stream, one event at a time.
final class FirebaseEventReader: @unchecked Sendable {
    /// One event.
    struct Event: Equatable, CustomStringConvertible {
        var name: String
        var data: String

        var description: String { "\(name) \(data)" }

        /// The `data` parsed as JSON.
        var json: JSON? { try? JSON.parse(data) }
    }

    let status: Int
    let headers: HeaderFields
    private var iterator: SandboxStream.Iterator?
    private var buffer = ""

    init(_ response: SandboxResponse) {
        status = response.status
        headers = response.headers
        if case .stream(let stream) = response.body {
            iterator = stream.makeAsyncIterator()
        }
    }

    /// The next event, or `nil` when the stream ended.
    func next() async -> Event? {
        while true {
            if let range = buffer.range(of: "\n\n") {
                let frame = String(buffer[..<range.lowerBound])
                buffer.removeSubrange(..<range.upperBound)
                var name = ""
                var data = ""
                for line in frame.split(separator: "\n") {
                    if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                    if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
                }
                return Event(name: name, data: data)
            }
            guard let chunk = await iterator?.next() else { return nil }
            buffer += String(decoding: chunk, as: UTF8.self)
        }
    }

    /// The next `count` events, skipping keep-alives.
    func next(_ count: Int) async -> [Event] {
        var events: [Event] = []
        while events.count < count, let event = await next() {
            if event.name != "keep-alive" { events.append(event) }
        }
        return events
    }

    /// Stops reading: the iterator (and with it the stream) is released.
    func close() {
        iterator = nil
    }
}

/// Waits until `condition` holds, for at most `timeout`: generous, since it
/// returns as soon as the condition holds and a loaded 2-core machine running
/// the whole suite can leave a task waiting for seconds.
func firebaseWaitUntil(
    timeout: Duration = .seconds(300), _ condition: @Sendable () async -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return await condition()
}
