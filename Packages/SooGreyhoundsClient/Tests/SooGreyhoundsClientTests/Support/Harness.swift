import Foundation
import Models
import Networking
import Sandbox
import SooGreyhoundsClient

/// A sandbox and a client on it, for one test.
struct Harness {
    static let apiKey = SooGreyhoundsEmulator.Configuration.lessonAPIKey

    /// The lesson's four photos, newest first, with their true pixel sizes
    /// (read from the JPEG files with `file(1)`, not by this SDK).
    static let lessonPhotos: [(title: String, taken: String, width: Int, height: Int)] = [
        ("DeMeo_J17_2595", "2017-01-01 12:32:06", 1600, 1067),
        ("Caron_S17_3592", "2017-01-01 12:22:06", 1024, 683),
        ("Calistini_S17_3456", "2017-01-01 12:12:06", 800, 1200),
        ("Fowler_J17_2750", "2017-01-01 12:05:06", 1200, 800),
    ]

    let sandbox: Sandbox
    let transport: any HTTPTransport

    init() async throws {
        sandbox = try await Sandbox()
        transport = SandboxTransport(sandbox)
    }

    func client(apiKey: String = Harness.apiKey, transport: (any HTTPTransport)? = nil) -> SooGreyhoundsClient {
        SooGreyhoundsClient(
            configuration: SooGreyhoundsAPI(
                endpoint: Sandbox.baseURL.appendingPathComponent("services/rest"), apiKey: apiKey),
            transport: transport ?? self.transport,
            retryPolicy: .never
        )
    }

    func store(cache: ImageCache = ImageCache(), transport: (any HTTPTransport)? = nil) -> PhotoStore {
        PhotoStore(client: client(transport: transport), cache: cache)
    }

    func restRequests() async -> [RecordedRequest] {
        await sandbox.requests.matching("/services/rest")
    }

    func imageRequests() async -> [RecordedRequest] {
        await sandbox.requests.matching("/images/*")
    }

    /// `yyyy-MM-dd HH:mm:ss` in UTC, the zone the client reads dates in.
    static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: date)
    }
}

/// A clock tests move by hand.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_800_000_000)

    var now: Date { lock.withLock { current } }

    func advance(by seconds: TimeInterval) {
        lock.withLock { current += seconds }
    }
}

/// A transport that counts how many requests are in flight at once.
final class ConcurrencyProbe: HTTPTransport, @unchecked Sendable {
    private let base: any HTTPTransport
    private let lock = NSLock()
    private var current = 0
    private var highest = 0

    init(_ base: any HTTPTransport) {
        self.base = base
    }

    var maximum: Int { lock.withLock { highest } }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        lock.withLock {
            current += 1
            highest = max(highest, current)
        }
        defer { lock.withLock { current -= 1 } }
        return try await base.send(request)
    }
}

/// A fresh, empty folder under the temporary directory.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("SooGreyhoundsTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
