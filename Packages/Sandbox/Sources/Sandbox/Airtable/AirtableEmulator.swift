import Foundation

// SCAFFOLD: replaced by the Airtable emulator (issue 5).
/// The Airtable Web API, emulated.
public final class AirtableEmulator: SandboxService {
    /// The emulator's settings.
    public struct Configuration: Sendable {
        /// The token every sandbox accepts unless told otherwise; printed at start.
        public static let defaultToken =
            "patSandbox0000000.0000000000000000000000000000000000000000000000000000000000000000"

        /// The personal access tokens accepted as `Authorization: Bearer`.
        public var tokens: Set<String>
        /// Whether the legacy `?api_key=` (retired by Airtable on 2024-02-01)
        /// is still accepted, with any of ``tokens`` as the key.
        public var acceptsLegacyAPIKey: Bool
        /// Whether more than 5 requests per second per base get a 429.
        public var rateLimitEnabled: Bool
        /// The largest accepted request body, in bytes.
        public var maxBodySize: Int
        /// Whether an empty sandbox gets the lesson's base.
        public var seedsLessonData: Bool

        /// Creates settings; the defaults behave like today's Airtable.
        public init(
            tokens: Set<String> = [Configuration.defaultToken],
            acceptsLegacyAPIKey: Bool = false,
            rateLimitEnabled: Bool = true,
            maxBodySize: Int = 2 << 20,
            seedsLessonData: Bool = true
        ) {
            self.tokens = tokens
            self.acceptsLegacyAPIKey = acceptsLegacyAPIKey
            self.rateLimitEnabled = rateLimitEnabled
            self.maxBodySize = maxBodySize
            self.seedsLessonData = seedsLessonData
        }
    }

    /// `airtable`.
    public var name: String { "airtable" }

    /// Creates the emulator.
    public init(configuration: Configuration, storage: (any SandboxStorage)?) async throws {}

    /// Paths under `/v0/`.
    public func handles(_ request: SandboxRequest) -> Bool {
        request.path.hasPrefix("/v0/")
    }

    /// Not implemented yet.
    public func respond(to request: SandboxRequest) async -> SandboxResponse {
        .json(501, ["error": "not implemented yet"])
    }
}
