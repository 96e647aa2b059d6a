import Foundation

// SCAFFOLD: replaced by the SooGreyhounds emulator (issue 5).
/// The SooGreyhounds (Flickr-style) REST API, emulated.
public final class SooGreyhoundsEmulator: SandboxService {
    /// The emulator's settings.
    public struct Configuration: Sendable {
        /// Creates the default settings.
        public init() {}
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
