import Foundation

// SCAFFOLD: replaced by the Firebase emulator (issue 4).
/// The Firebase Realtime Database REST API, emulated.
public final class FirebaseEmulator: SandboxService {
    /// The emulator's settings.
    public struct Configuration: Sendable {
        /// Creates the default settings.
        public init() {}
    }

    /// `firebase`.
    public var name: String { "firebase" }

    /// Creates the emulator.
    public init(configuration: Configuration, storage: (any SandboxStorage)?) async throws {}

    /// Paths ending in `.json`.
    public func handles(_ request: SandboxRequest) -> Bool {
        request.path.hasSuffix(".json")
    }

    /// Not implemented yet.
    public func respond(to request: SandboxRequest) async -> SandboxResponse {
        .json(501, ["error": "not implemented yet"])
    }
}
