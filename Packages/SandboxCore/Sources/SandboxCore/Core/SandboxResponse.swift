import Foundation
import Networking

/// What an emulator answers.
public struct SandboxResponse: Sendable {
    /// How the body is delivered.
    public enum Body: Sendable {
        /// A complete body.
        case data(Data)
        /// A body that streams until the emulator finishes it or the client
        /// goes away (server-sent events). The stream's `onTermination` is
        /// how an emulator learns the client left.
        case stream(SandboxStream)
        /// No response at all: the connection is closed, as a fault.
        case dropConnection
    }

    /// The status code.
    public var status: Int
    /// The header fields.
    public var headers: HeaderFields
    /// The body.
    public var body: Body
    /// For a streamed body, the last event a reader gets when the server has
    /// to end the stream for it (it fell too far behind), before the
    /// connection closes: Firebase's `event: cancel`. `nil` ends such a
    /// stream without a word.
    public var cancelEvent: Data?
    /// What the emulator says about its answer, for the request log only
    /// (never sent): such as which security rule refused a request.
    public var note: String?
    /// A scripted fault inside the body, set by the Sandbox when one
    /// matched: the transports deliver a complete body through it.
    public var bodyFault: BodyFault?

    /// Creates a response.
    public init(
        status: Int, headers: HeaderFields = [:], body: Body = .data(Data()), cancelEvent: Data? = nil,
        note: String? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.cancelEvent = cancelEvent
        self.note = note
    }

    /// A JSON response with these exact bytes.
    public static func json(_ status: Int, _ data: Data, headers: HeaderFields = [:]) -> SandboxResponse {
        var headers = headers
        headers.remove("Content-Type")
        headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        return SandboxResponse(status: status, headers: headers, body: .data(data))
    }

    /// A JSON response with a value serialized compactly.
    public static func json(_ status: Int, _ value: JSON, headers: HeaderFields = [:]) -> SandboxResponse {
        json(status, value.serialized(), headers: headers)
    }

    /// A plain-text response.
    public static func text(_ status: Int, _ text: String) -> SandboxResponse {
        SandboxResponse(
            status: status,
            headers: ["Content-Type": "text/plain; charset=utf-8"],
            body: .data(Data(text.utf8))
        )
    }

    /// The body bytes of a complete response; empty for a stream or a drop.
    public var data: Data {
        if case .data(let data) = body { return data }
        return Data()
    }

    /// The body as text, for tests and logs.
    public var bodyText: String {
        String(decoding: data, as: UTF8.self)
    }

    /// The body parsed as JSON, or `null` when it is not JSON.
    public var bodyJSON: JSON {
        (try? JSON.parse(data)) ?? .null
    }
}
