import Foundation
import Networking
import Sandbox
import SooGreyhoundsClient

/// A sandbox and a photo store on it that never retries.
struct SooGreyhoundsHarness {
    static let apiKey = SooGreyhoundsEmulator.Configuration.lessonAPIKey
    static let enUS = Locale(identifier: "en_US")

    /// The twelve photos the sandbox serves, newest first, with the pixel
    /// sizes of their JPEG files (from the fixture's own catalogue, not
    /// read by this SDK).
    static let photos: [(title: String, width: Int, height: Int)] = [
        ("DeMeo_J17_2595", 1600, 1067), ("Caron_S17_3592", 1024, 683), ("Calistini_S17_3456", 800, 1200),
        ("Fowler_J17_2750", 1200, 800), ("Lindqvist_D16_1987", 1600, 900), ("Okafor_D16_1864", 1067, 1600),
        ("Tremblay_D16_1702", 1280, 853), ("Kowalski_N16_1550", 900, 1350), ("Bergeron_N16_1433", 1600, 1067),
        ("Nakamura_O16_1290", 1024, 768), ("Moreau_O16_1175", 1200, 1200), ("Sullivan_S16_1020", 800, 533),
    ]

    let sandbox: Sandbox

    init() async throws {
        sandbox = try await Sandbox()
    }

    func store(apiKey: String = SooGreyhoundsHarness.apiKey) -> PhotoStore {
        PhotoStore(
            client: SooGreyhoundsClient(
                configuration: SooGreyhoundsAPI(
                    endpoint: Sandbox.baseURL.appendingPathComponent("services/rest"), apiKey: apiKey),
                transport: SandboxTransport(sandbox),
                retryPolicy: .never
            ))
    }

    func slowDown() async {
        sandbox.faults.setLatency(.milliseconds(60))
    }

    func imageRequests() async -> [RecordedRequest] {
        await sandbox.requests.matching("/images/*")
    }
}
