import Foundation
import Networking
import SandboxCore
import Testing

@testable import SandboxFirebase

/// Speaks the Realtime Database's protocol to a connection in process, as
/// an SDK does: numbered requests, answers matched by number, and the
/// pushes that came before each answer.
actor FirebaseRealtimeClient {
    let connection: FirebaseRealtimeConnection
    private let frames: SandboxStream
    private var nextRequest = 1
    /// Pushes read while waiting for answers, oldest first.
    private(set) var pushes: [JSON] = []
    /// The handshake.
    private(set) var hello: JSON = .null

    init(_ firebase: FirebaseEmulator, namespace: String = "test") async throws {
        connection = try firebase.openRealtimeConnection(namespace: namespace, host: "127.0.0.1:9000")
        frames = connection.frames
        hello = try await message()
    }

    /// The next whole message from the server, put together from its frames.
    func message() async throws -> JSON {
        let first = try #require(await nextFrame(), "the connection ended")
        let text = String(decoding: first, as: UTF8.self)
        guard let count = Int(text) else { return try JSON.parse(text) }
        var whole = Data()
        for _ in 0..<count {
            whole.append(try #require(await nextFrame(), "the connection ended inside a message"))
        }
        return try JSON.parse(whole)
    }

    private func nextFrame() async -> Data? {
        await frames.nextBatch(upTo: 0).first
    }

    /// Sends `action` with `body` and returns the answer's body
    /// (`{"s":…,"d":…}`), keeping the pushes that came first.
    @discardableResult
    func request(_ action: String, _ body: JSON) async throws -> JSON {
        let number = nextRequest
        nextRequest += 1
        await send(["t": "d", "d": ["r": .number(Double(number)), "a": .string(action), "b": body]])
        while true {
            let message = try await self.message()
            if message["d"]?["r"] == .number(Double(number)) { return try #require(message["d"]?["b"]) }
            pushes.append(message)
        }
    }

    /// Sends a message as one frame.
    func send(_ message: JSON) async {
        await connection.receive(String(decoding: FirebaseJSONWriter.data(message), as: UTF8.self))
    }

    /// The next push: one read before, or the next message.
    func push() async throws -> JSON {
        if !pushes.isEmpty { return pushes.removeFirst() }
        return try await message()
    }

    /// Takes the pushes read so far.
    func takePushes() -> [JSON] {
        defer { pushes = [] }
        return pushes
    }

    /// The status of an answer.
    static func status(_ answer: JSON) -> String? {
        answer["s"]?.stringValue
    }
}
