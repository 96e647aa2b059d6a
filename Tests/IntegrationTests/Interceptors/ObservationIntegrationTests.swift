import Foundation
import Networking
import Sandbox
import SandboxServer
import SooGreyhoundsClient
import Synchronization
import Testing

/// One observer list sees everything a client does, over HTTP on both
/// transports: a scripted image download that is redirected, fails with a
/// 503, waits, succeeds on the second attempt, and is then revalidated with
/// a 304 that counts as a success and a cache hit.
@Suite("One observation channel: attempts, redirect hops, retry waits and revalidations")
struct ObservationIntegrationTests {
    @Test("An observer sees every hop of a scripted scenario; the 304 is a success", arguments: TestTransport.allCases)
    func scenario(_ transport: TestTransport) async throws {
        try await SandboxServer.withServer(SandboxServerOptions(port: 0)) { server in
            let records = Mutex<[NetworkLogRecord]>([])
            var client = SooGreyhoundsClient(
                configuration: SooGreyhoundsAPI(
                    endpoint: server.baseURL.appendingPathComponent("services/rest"),
                    apiKey: SooGreyhoundsEmulator.Configuration.lessonAPIKey),
                transport: transport.transport,
                retryPolicy: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(20)))
            client.http.observers.append(NetworkObserver { record in records.withLock { $0.append(record) } })
            // Every entry goes stale at once, so the second fetch revalidates.
            let store = PhotoStore(client: client, cache: ImageCache(freshness: .fixed(.zero)))
            let photo = try #require(try await store.fetchLatestPhotos().first)
            let path = photo.remoteURL.path
            try server.sandbox.faults.inject(
                Fault(path: path, count: 1, status: 302, headers: ["Location": path + "?hop=1"]))
            try server.sandbox.faults.inject(Fault(path: path, count: 1, status: 503))

            let downloaded = try await store.loadImage(for: photo)
            let revalidated = try await store.loadImage(for: photo)
            #expect(downloaded.source == .network)
            #expect(revalidated.source == .revalidated && revalidated.source.isCacheHit)
            #expect(revalidated.image == downloaded.image)

            let image = records.withLock { $0 }.filter { $0.url.contains(path) }
            let events = image.map { record -> String in
                switch record.event {
                case .request: "request \(record.attempt)"
                case .redirect(let status, let location): "redirect \(status) \(location.hasSuffix("?hop=1"))"
                case .response(let status): "response \(status)"
                case .retrying(_, let delay): "retrying \(delay <= .milliseconds(40))"
                case .revalidated: "revalidated"
                case .failure(let error): "failure \(error)"
                case .streamEnded, .streamFailed, .streamStopped: "stream"
                case .resuming: "resuming"
                @unknown default: "other"
                }
            }
            #expect(
                events == [
                    "request 1", "redirect 302 true", "request 1", "response 503", "retrying true", "request 2",
                    "response 200", "request 1", "revalidated",
                ])
            #expect(image.last?.isSuccess == true && image.last?.status == 304)
            #expect(image.filter(\.isSuccess).count == 2)
            // Every answered hop says how long it took.
            #expect(image.filter { $0.status != nil }.allSatisfy { $0.duration != nil })
        }
    }
}
