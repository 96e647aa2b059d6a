import Foundation
import HTTPTestServer
import Sandbox
import Testing

@testable import SandboxServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Server lifecycle: port 0, graceful stop, many servers in one process")
struct ServerLifecycleTests {
    @Test("Starting on port 0 binds a free loopback port and reports it")
    func startOnPortZero() async throws {
        let server = try await SandboxServer.start()
        #expect(server.port > 0)
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
        let health = try await HTTP.send("GET", HTTP.url(server.baseURL, "/__sandbox/health"))
        #expect(health.status == 200)
        #expect(health.text == #"{"status":"ok"}"#)
        await server.stop()
    }

    @Test("Stopping closes the port; stopping again does nothing")
    func stopClosesThePort() async throws {
        // On a reserved port, so that no other test's server can be handed
        // the number once this one has stopped.
        try await ReservedPort.hold { reserved in
            let server = try await SandboxServer.start(SandboxServerOptions(port: reserved.port))
            #expect(try await HTTP.send("GET", HTTP.url(server.baseURL, "/__sandbox/health")).status == 200)
            await server.stop()
            await #expect(throws: (any Error).self) {
                try await HTTP.send(
                    "GET", HTTP.url(server.baseURL, "/__sandbox/health"), session: HTTP.freshConnections)
            }
            await server.stop()
        }
    }

    struct BodyFailure: Error {}

    @Test("withServer serves during its body and stops after it, whether it returns or throws")
    func scoped() async throws {
        let served = try await SandboxServer.withServer { server in
            (server.baseURL, try await HTTP.send("GET", HTTP.url(server.baseURL, "/__sandbox/health")).status)
        }
        #expect(served.1 == 200)
        var failedURL: URL?
        await #expect(throws: BodyFailure.self) {
            try await SandboxServer.withServer { server in
                failedURL = server.baseURL
                throw BodyFailure()
            }
        }
        for url in [served.0, try #require(failedURL)] {
            await #expect(throws: (any Error).self) {
                try await HTTP.send("GET", HTTP.url(url, "/__sandbox/health"), session: HTTP.freshConnections)
            }
        }
    }

    @Test("Eight servers start, serve and stop concurrently, each on its own port")
    func concurrentServers() async throws {
        let ports = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let server = try await SandboxServer.start()
                    let health = try await HTTP.send("GET", HTTP.url(server.baseURL, "/__sandbox/health"))
                    await server.stop()
                    #expect(health.status == 200)
                    return server.port
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(ports.count == 8)
        #expect(Set(ports).count == 8)
    }

    @Test("Starting and stopping twenty times in a row leaves nothing behind")
    func repeatedStartStop() async throws {
        for _ in 0..<20 {
            let server = try await SandboxServer.start()
            #expect(try await HTTP.send("GET", HTTP.url(server.baseURL, "/__sandbox/health")).status == 200)
            await server.stop()
        }
    }

    @Test("A port already in use is an error from start, not a crash")
    func portInUse() async throws {
        let first = try await SandboxServer.start()
        await #expect(throws: (any Error).self) {
            let second = try await SandboxServer.start(SandboxServerOptions(port: first.port))
            await second.stop()
        }
        #expect(try await HTTP.send("GET", HTTP.url(first.baseURL, "/__sandbox/health")).status == 200)
        await first.stop()
    }

    @Test("Stopping lets a request in flight finish")
    func gracefulStop() async throws {
        let (started, reportStarted) = AsyncStream<Void>.makeStream()
        let server = try await SandboxServer.start(SandboxServerOptions()) { _ in
            reportStarted.yield()
            try? await Task.sleep(for: .milliseconds(500))
            return .text(200, "finished")
        }
        async let response = HTTP.send("GET", HTTP.url(server.baseURL, "/slow"))
        // Stop only once the server is handling it: a connection still in the
        // accept queue when the socket closes is refused, not in flight.
        for await _ in started { break }
        await server.stop()
        let finished = try await response
        #expect(finished.status == 200)
        #expect(finished.text == "finished")
    }

    @Test("The options default to loopback, port 0, memory, and the largest emulator body limit")
    func defaults() {
        let options = SandboxServerOptions()
        #expect(options.host == "127.0.0.1")
        #expect(options.port == 0)
        #expect(options.dataDirectory == nil)
        // SooGreyhounds' uploads: a 50 MiB photo and the rest of its form.
        #expect(options.maxBodySize == (50 << 20) + (1 << 20))
        var configuration = SandboxConfiguration()
        configuration.firebase.maxBodySize = 10
        configuration.airtable.maxBodySize = 20
        configuration.soogreyhounds.maxPhotoSize = 0
        #expect(SandboxServerOptions(configuration: configuration).maxBodySize == 1 << 20)
        configuration.airtable.maxBodySize = 2 << 20
        #expect(SandboxServerOptions(configuration: configuration).maxBodySize == 2 << 20)
    }
}
