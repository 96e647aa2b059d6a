import Foundation

// SCAFFOLD: replaced by the Airtable emulator (issue 5).
/// The Airtable Web API, emulated.
public final class AirtableEmulator: SandboxService {
    /// The emulator's settings.
    public struct Configuration: Sendable {
        /// Creates the default settings.
        public init() {}
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
