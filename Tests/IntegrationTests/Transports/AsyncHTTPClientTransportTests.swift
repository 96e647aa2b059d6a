import AsyncHTTPClientTransport
import FirebaseClient
import Foundation
import HTTPTestServer
import Networking
import Sandbox
import SandboxServer
import Testing

/// AsyncHTTPClientTransport over real HTTP against a SandboxServer on
/// 127.0.0.1, port 0: the same answers and the same `NetworkError`s as
/// URLSessionTransport gives, streaming included.
@Suite("AsyncHTTPClientTransport over HTTP", .timeLimit(.minutes(10)))
struct AsyncHTTPClientTransportTests {
    let transport = AsyncHTTPClientTransport()

    /// An SDK client of `namespace` on `baseURL`, without retries so each
    /// failure shows as the transport reported it.
    func client(_ baseURL: URL, namespace: String = FirebaseTestServer.freshNamespace()) -> NetworkClient {
        var client = NetworkClient(baseURL: baseURL, transport: transport, retryPolicy: .never)
        client.query = [QueryItem(name: "ns", value: namespace)]
        return client
    }

    @Test("PUT, POST and GET round trips carry status, headers and bodies, large ones too")
    func roundTrips() async throws {
        try await FirebaseTestServer.run { server in
            let client = client(server.baseURL)
            let entry = FirebaseEntry(text: "über ✓", order: 7)
            #expect(
                try await client.send(NetworkRequest<FirebaseEntry>.put("entries/a", body: entry).pathExtension("json"))
                    == entry)

            let pushed = try await client.send(
                NetworkRequest<PushName>.post("entries", body: FirebaseEntry(text: "two", order: 2)).pathExtension(
                    "json"))
            #expect(pushed.name.hasPrefix("-"))

            let read = try await client.response(
                for: NetworkRequest<[String: FirebaseEntry]>.get("entries").pathExtension("json"))
            #expect(read.status == 200)
            #expect(read.headers["content-type"]?.hasPrefix("application/json") == true)
            #expect(read.value == ["a": entry, pushed.name: FirebaseEntry(text: "two", order: 2)])

            // Larger than any single read from the socket, so the body
            // arrives in many buffers and is collected whole.
            let large = String(repeating: "0123456789", count: 200_000)
            try await client.send(NetworkRequest<Void>.put("large", body: large).pathExtension("json"))
            #expect(try await client.send(NetworkRequest<String>.get("large").pathExtension("json")) == large)
        }
    }

    @Test("An error status comes back with the server's message")
    func errorStatus() async throws {
        try await FirebaseTestServer.run { server in
            let request = NetworkRequest<Void>(method: .put, path: "bad").pathExtension("json")
                .body(Data("{not json".utf8), contentType: "application/json")
            await #expect {
                try await client(server.baseURL).send(request)
            } throws: { error in
                guard case .httpStatus(let failure) = error as? NetworkError else { return false }
                return failure.status == 400 && failure.message?.message.isEmpty == false
            }
        }
    }

    @Test("Firebase's server-sent events stream through it, and cancelling closes the stream")
    func streaming() async throws {
        try await FirebaseTestServer.run { server in
            let namespace = FirebaseTestServer.freshNamespace()
            let firebase = FirebaseClient(
                configuration: FirebaseClient.Configuration(
                    databaseURL: server.baseURL, namespace: namespace, streaming: .integration), transport: transport,
                retryPolicy: .never)
            let consumer = Task {
                var received: [FirebaseEvent] = []
                for try await event in firebase.events(at: "log") {
                    received.append(event)
                    if received.count == 1 {
                        try await firebase.put(FirebaseEntry(text: "one", order: 1), at: "log/a")
                    } else if received.count == 3 {
                        return received
                    } else {
                        try await firebase.patch(["order": 2], at: "log/a")
                    }
                }
                return received
            }
            let events = try await consumer.value
            #expect(
                events == [
                    .put(FirebaseChange(path: "/", data: .null)),
                    .put(FirebaseChange(path: "/a", data: ["order": 1, "text": "one"])),
                    .patch(FirebaseChange(path: "/a", data: ["order": 2])),
                ])
            // The consumer left: the transport must close the connection,
            // which ends the emulator's subscription.
            let deadline = ContinuousClock.now + .seconds(300)
            while await server.sandbox.firebase.subscriptionCount(namespace: namespace) > 0,
                ContinuousClock.now < deadline
            {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(await server.sandbox.firebase.subscriptionCount(namespace: namespace) == 0)
        }
    }

    @Test("A closed port is cannotConnect, promptly")
    func cannotConnect() async throws {
        try await ReservedPort.hold { reserved in
            // A timeout far past the suite's time limit: a refusal reported
            // only once the deadline ran out (connecting again and again) is
            // a hang.
            await #expect {
                try await client(reserved.baseURL).send(
                    NetworkRequest<JSON>.get("x").pathExtension("json").timeout(.seconds(3600)))
            } throws: { error in
                guard case .cannotConnect(let host) = error as? NetworkError else { return false }
                return host == "127.0.0.1:\(reserved.port)"
            }
        }
    }

    @Test("An answer slower than the request's timeout is timedOut")
    func timedOut() async throws {
        try await FirebaseTestServer.run { server in
            server.sandbox.faults.setLatency(.milliseconds(1_500))
            await #expect {
                try await client(server.baseURL).send(
                    NetworkRequest<JSON>.get("slow").pathExtension("json").timeout(.milliseconds(200)))
            } throws: { error in
                guard case .timedOut = error as? NetworkError else { return false }
                return true
            }
        }
    }

    @Test("A connection the server drops is connectionLost")
    func connectionLost() async throws {
        try await FirebaseTestServer.run { server in
            try server.sandbox.faults.inject(Fault(path: "/dropped.json", action: .dropConnection))
            await #expect {
                try await client(server.baseURL).send(NetworkRequest<JSON>.get("dropped").pathExtension("json"))
            } throws: { error in
                guard case .connectionLost = error as? NetworkError else { return false }
                return true
            }
            #expect(await server.sandbox.requests.matching("/dropped.json").map(\.status) == [0])
        }
    }
}

/// Firebase's answer to a POST: the new child's push id.
private struct PushName: Decodable, Sendable {
    var name: String
}
