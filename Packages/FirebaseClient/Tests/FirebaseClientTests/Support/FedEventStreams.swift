import Foundation
import Networking
import Synchronization

/// A transport whose event streams the test writes, event by event: each
/// connection the client opens is the next of its streams, and what the
/// test sends goes to the newest. Nothing arrives that the test did not
/// send, so what a stream does between events is the test's to decide.
final class FedEventStreams: StreamingHTTPTransport {
    private struct State {
        var streams: [AsyncThrowingStream<Data, any Error>] = []
        var inputs: [AsyncThrowingStream<Data, any Error>.Continuation] = []
        var connections = 0
    }

    private let state = Mutex(State())

    init() {
        state.withLock { Self.addStream(to: &$0) }
    }

    /// How many connections the client has opened.
    var connections: Int {
        state.withLock { $0.connections }
    }

    /// Sends one server-sent event on the newest connection.
    func send(_ event: String, data: String) {
        let input = state.withLock { $0.inputs.last }
        input?.yield(Data("event: \(event)\ndata: \(data)\n\n".utf8))
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        TransportResponse(status: 404, headers: [:], body: Data())
    }

    func stream(_ request: TransportRequest) async throws -> TransportStreamingResponse {
        let body = state.withLock { state in
            state.connections += 1
            while state.streams.count < state.connections { Self.addStream(to: &state) }
            return state.streams[state.connections - 1]
        }
        return TransportStreamingResponse(status: 200, headers: ["Content-Type": "text/event-stream"], body: body)
    }

    private static func addStream(to state: inout State) {
        let (stream, input) = AsyncThrowingStream<Data, any Error>.makeStream()
        state.streams.append(stream)
        state.inputs.append(input)
    }
}
