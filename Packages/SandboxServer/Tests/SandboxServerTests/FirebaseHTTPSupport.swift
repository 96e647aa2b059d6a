import Foundation
import Sandbox
import SandboxServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Raw HTTP to the Firebase emulator behind a real server: plain URLSession
/// requests with JSON bodies, as curl or any REST client sends them.
enum FirebaseHTTP {
    /// Options for an in-memory server without seed data unless asked.
    static func options(
        seeded: Bool = false, dataDirectory: URL? = nil,
        configure: (inout FirebaseEmulator.Configuration) -> Void = { _ in }
    ) -> SandboxServerOptions {
        var options = SandboxServerOptions(dataDirectory: dataDirectory)
        options.configuration.firebase.seedsLessonData = seeded
        configure(&options.configuration.firebase)
        return options
    }

    /// Starts a server on a free port, runs `body`, and stops it.
    static func withServer<T>(
        _ options: SandboxServerOptions = options(),
        _ body: (SandboxServer) async throws -> T
    ) async throws -> T {
        try await TestServers.with(options, body)
    }

    /// Sends `method` to `target` (a raw, percent-encoded path and query).
    @discardableResult
    static func send(
        _ baseURL: URL,
        _ method: String,
        _ target: String,
        _ body: String? = nil,
        headers: [String: String] = [:],
        session: URLSession = HTTP.session
    ) async throws -> HTTP.Response {
        try await HTTP.send(
            method, HTTP.url(baseURL, target), headers: headers, body: body.map { Data($0.utf8) }, session: session)
    }

    /// The body Firebase answers an error with.
    static func errorBody(_ message: String) -> String {
        "{\n  \"error\" : \"\(message)\"\n}\n"
    }

    /// A temporary data directory.
    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent(
            "FirebaseHTTP-\(UUID().uuidString)", isDirectory: true)
    }
}

/// Reads server-sent events from a real HTTP stream, event by event.
final class FirebaseHTTPEventReader {
    /// A parsed event: its name and data line.
    struct Event: Equatable, CustomStringConvertible {
        var name: String
        var data: String

        var description: String { "\(name) \(data)" }
    }

    private let client: StreamingClient
    private var buffer = ""
    /// The response head, once read.
    private(set) var response: HTTPURLResponse?

    /// Opens `target` with `Accept: text/event-stream`.
    init(_ baseURL: URL, _ target: String) {
        var request = URLRequest(url: HTTP.url(baseURL, target))
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        client = StreamingClient(request)
    }

    /// The next event; throws if none arrives in time or the stream ended.
    func next(timeout: Duration = .seconds(300)) async throws -> Event {
        while true {
            if let end = buffer.range(of: "\n\n") {
                let frame = buffer[..<end.lowerBound]
                buffer.removeSubrange(..<end.upperBound)
                var event = Event(name: "", data: "")
                for line in frame.split(separator: "\n") {
                    if line.hasPrefix("event: ") { event.name = String(line.dropFirst(7)) }
                    if line.hasPrefix("data: ") { event.data = String(line.dropFirst(6)) }
                }
                return event
            }
            switch try await client.next(timeout: timeout) {
            case .response(let head):
                response = head
            case .chunk(let data):
                buffer += String(decoding: data, as: UTF8.self)
            case .completed:
                throw StreamingClient.Timeout()
            }
        }
    }

    /// The next `count` events that are not keep-alives.
    func next(_ count: Int) async throws -> [Event] {
        var events: [Event] = []
        while events.count < count {
            let event = try await next()
            if event.name != "keep-alive" { events.append(event) }
        }
        return events
    }

    /// Goes away, as a client whose user left the screen.
    func cancel() {
        client.cancel()
    }
}

/// Waits until `condition` holds, for at most `timeout`.
func firebaseEventually(timeout: Duration = .seconds(300), _ condition: @Sendable () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return await condition()
}
