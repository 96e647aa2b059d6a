import Foundation

// SCAFFOLD: replaced by the SooGreyhounds emulator (issue 5).
/// The SooGreyhounds (Flickr-style) REST API, emulated.
public final class SooGreyhoundsEmulator: SandboxService {
    /// The emulator's settings.
    public struct Configuration: Sendable {
        /// The API key of lesson 5, accepted by default.
        public static let lessonAPIKey = "a6d819499131071f158fd740860a5a88"

        /// The accepted `api_key` values.
        public var apiKeys: Set<String>

        /// Creates settings; the default accepts the lesson's key.
        public init(apiKeys: Set<String> = [Configuration.lessonAPIKey]) {
            self.apiKeys = apiKeys
        }
    }

    /// `soogreyhounds`.
    public var name: String { "soogreyhounds" }

    /// Creates the emulator.
    public init(configuration: Configuration) {}

    /// `/services/rest` and the image paths.
    public func handles(_ request: SandboxRequest) -> Bool {
        request.path.hasPrefix("/services/") || request.path.hasPrefix("/images/")
    }

    /// Not implemented yet.
    public func respond(to request: SandboxRequest) async -> SandboxResponse {
        .json(501, ["error": "not implemented yet"])
    }
}
