import AsyncHTTPClient
import AsyncHTTPClientTransport
import Foundation
import Networking
import Sandbox
import SandboxServer
import Testing

/// Faults inside a body (cut, slowed, stalled) reach the SDK as a flaky
/// network would deliver them, in process and over HTTP on both
/// transports, and a download comes through them whole.
@Suite("Faults inside a response body")
struct BodyFaultTests {
    enum Place: String, CaseIterable, Sendable { case inProcess, urlSession, asyncHTTPClient }

    static let imagePath = "images/DeMeo_J17_2595.jpg"
    /// How long a client waits on a silent body in the stall test.
    static let stallTimeout = Duration.seconds(15)

    @Test("A download cut after N bytes resumes once and ends identical", arguments: Place.allCases)
    func cutDownloadResumes(_ place: Place) async throws {
        try await Self.withClient(place) { sandbox, http in
            let whole = try await http.send(NetworkRequest<Data>.get(Self.imagePath))
            try sandbox.faults.inject(Fault(path: "/images/*", body: .cut(after: 20_000)))
            let download = try await Self.download(with: http)
            #expect(download.resumes == 1)
            #expect(try Data(contentsOf: download.url) == whole)
            // The resumed request asked for the rest, and got it.
            let ranges = await sandbox.requests.all.filter { $0.path.hasPrefix("/images/") }.map(\.status)
            #expect(ranges.suffix(2) == [200, 206])
        }
    }

    @Test("A cut body is short of its declared length, however it is read", arguments: Place.allCases)
    func cutBodyIsIncomplete(_ place: Place) async throws {
        try await Self.withClient(place) { sandbox, http in
            try sandbox.faults.inject(Fault(path: "/images/*", body: .cut(after: 1_000)))
            do throws(NetworkError) {
                _ = try await http.send(NetworkRequest<Data>.get(Self.imagePath))
                Issue.record("A cut body arrived whole")
            } catch .connectionLost, .incompleteBody {
                // As a connection closed mid-body is reported.
            } catch {
                Issue.record("A cut body failed with \(error)")
            }
        }
    }

    @Test("A stalled download times out and resumes", arguments: Place.allCases)
    func stalledDownloadResumes(_ place: Place) async throws {
        // AsyncHTTPClient bounds a silent body with its client's read
        // timeout, not the request's: this test's client has a short one.
        let readTimeout = HTTPClient(
            eventLoopGroupProvider: .singleton,
            configuration: HTTPClient.Configuration(
                redirectConfiguration: .disallow,
                timeout: HTTPClient.Configuration.Timeout(read: .seconds(Int64(Self.stallTimeout.components.seconds)))))
        defer { _ = readTimeout.shutdown() }
        let transport: (any HTTPTransport)? =
            place == .asyncHTTPClient ? AsyncHTTPClientTransport(client: readTimeout) : nil
        try await Self.withClient(place, transport: transport) { sandbox, http in
            var http = http
            let whole = try await http.send(NetworkRequest<Data>.get(Self.imagePath))
            try sandbox.faults.inject(Fault(path: "/images/*", body: .stall(after: 10_000)))
            // The timeout ends the stall. It is long because a busy machine
            // (the whole suite in parallel) can keep a request silent for
            // seconds; a resume it ends too is taken up by the next.
            http.timeout = Self.stallTimeout
            let download = try await Self.download(with: http, maxResumes: 5)
            #expect(download.resumes >= 1)
            #expect(try Data(contentsOf: download.url) == whole)
        }
    }

    @Test("A throttled body arrives whole, no faster than its rate", arguments: Place.allCases)
    func throttledBodyArrivesWhole(_ place: Place) async throws {
        try await Self.withClient(place) { sandbox, http in
            let whole = try await http.send(NetworkRequest<Data>.get(Self.imagePath))
            // The image at 400 kB/s: at least 0.2 s, however quick the machine.
            try sandbox.faults.inject(Fault(path: "/images/*", body: .throttle(bytesPerSecond: 400_000)))
            let clock = ContinuousClock()
            let started = clock.now
            let slow = try await http.send(NetworkRequest<Data>.get(Self.imagePath))
            #expect(slow == whole)
            #expect(clock.now - started >= .seconds(Double(whole.count - 40_000) / 400_000))
        }
    }

    @Test("Body faults read and list themselves as the admin route takes them")
    func adminForm() throws {
        for (json, expected) in [
            (#"{"path":"/images/*","cutAfter":100}"#, BodyFault.cut(after: 100)),
            (#"{"path":"/images/*","bytesPerSecond":5000,"count":2}"#, .throttle(bytesPerSecond: 5000)),
            (#"{"path":"/images/*","stallAfter":0}"#, .stall(after: 0)),
        ] {
            let fault = try JSONDecoder().decode(Fault.self, from: Data(json.utf8))
            guard case .body(let bodyFault) = fault.action else {
                Issue.record("\(json) is not a body fault")
                continue
            }
            #expect(bodyFault == expected)
            let again = try JSONDecoder().decode(Fault.self, from: JSONEncoder().encode(fault))
            guard case .body(let listed) = again.action else { continue }
            #expect(listed == expected && again.count == fault.count)
        }
        for bad in [
            #"{"path":"/x","cutAfter":-1}"#, #"{"path":"/x","cutAfter":1e300}"#, #"{"path":"/x","cutAfter":1.5}"#,
            #"{"path":"/x","bytesPerSecond":0}"#, #"{"path":"/x","stallAfter":"10"}"#,
        ] {
            #expect(throws: (any Error).self, "\(bad)") {
                try JSONDecoder().decode(Fault.self, from: Data(bad.utf8))
            }
        }
    }

    @Test("The admin route takes a body fault, and the next download is cut")
    func overTheAdminRoute() async throws {
        try await SandboxServer.withServer(SandboxServerOptions(port: 0)) { server in
            let faults = server.baseURL.appending(path: "__sandbox/faults")
            let transport = URLSessionTransport.shared
            let added = try await transport.send(
                TransportRequest(
                    method: .post, url: faults, headers: ["Content-Type": "application/json"],
                    body: TransferBody(#"{"path":"/images/*","cutAfter":5000}"#)))
            #expect(added.status == 200)
            let listed = try await transport.send(TransportRequest(method: .get, url: faults))
            #expect(String(decoding: listed.body, as: UTF8.self).contains(#""cutAfter":5000"#))
            let http = Self.client(server.baseURL, transport)
            let download = try await Self.download(with: http)
            #expect(download.resumes == 1)
        }
    }

    /// Downloads the image to a temporary file (removed after the test's
    /// checks, with its folder, by the caller's scope ending).
    static func download(with http: NetworkClient, maxResumes: Int = 2) async throws -> Download {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("body-fault-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try await http.download(
            NetworkRequest<Data>.get(imagePath), to: folder.appendingPathComponent("image.jpg"),
            options: DownloadOptions(maxResumes: maxResumes))
    }

    /// A client of a Sandbox in `place`, retrying nothing, so each fault shows.
    static func withClient(
        _ place: Place, transport: (any HTTPTransport)? = nil, _ body: (Sandbox, NetworkClient) async throws -> Void
    ) async throws {
        switch place {
        case .inProcess:
            let sandbox = try await Sandbox()
            try await body(sandbox, client(Sandbox.baseURL, SandboxTransport(sandbox)))
        case .urlSession, .asyncHTTPClient:
            try await SandboxServer.withServer(SandboxServerOptions(port: 0)) { server in
                let chosen = transport ?? (place == .urlSession ? TestTransport.urlSession : .asyncHTTPClient).transport
                try await body(server.sandbox, client(server.baseURL, chosen))
            }
        }
    }

    private static func client(_ baseURL: URL, _ transport: any HTTPTransport) -> NetworkClient {
        NetworkClient(baseURL: baseURL, transport: transport, retryPolicy: .never)
    }
}
