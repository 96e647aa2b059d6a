import Foundation

// SCAFFOLD: replaced by the Bankey emulator (issue 5).
/// The Bankey course server, emulated.
public final class BankeyEmulator: SandboxService {
    /// `bankey`.
    public var name: String { "bankey" }

    /// Creates the emulator.
    public init() {}

    /// Paths under `/bankey/`.
    public func handles(_ request: SandboxRequest) -> Bool {
        request.path.hasPrefix("/bankey/")
    }

    /// Not implemented yet.
    public func respond(to request: SandboxRequest) async -> SandboxResponse {
        .json(501, ["error": "not implemented yet"])
    }
}
