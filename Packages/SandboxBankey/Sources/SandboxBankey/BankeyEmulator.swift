import Foundation
import Networking
import SandboxCore

/// The Bankey course server, emulated: `GET /bankey/profile/{1|2|3}` and
/// `GET /bankey/profile/{id}/accounts` answer the exact bytes the course's
/// server sent (trailing commas included, which strict JSON parsers refuse
/// and a Bankey client must survive), and the lesson's older path
/// `/bankey/customer/1/accounts` answers the same accounts. Anything else
/// is a 404.
///
/// ```swift
/// let sandbox = try await Sandbox()
/// let profile = await sandbox.respond(to: SandboxRequest("GET", "/bankey/profile/1"))
/// ```
public final class BankeyEmulator: SandboxService {
    private let files: [String: Data]

    /// `bankey`.
    public var name: String { "bankey" }

    /// Creates the emulator with the course's files from the package's
    /// resources.
    public init() {
        files = Self.bundledFiles
    }

    /// The customers the course serves: `1`, `2` and `3`.
    public static let customerIDs = ["1", "2", "3"]

    /// The course's files, read once per process and shared.
    private static let bundledFiles: [String: Data] = {
        var files: [String: Data] = [:]
        for id in customerIDs {
            for kind in ["profile", "accounts"] {
                let name = "\(kind)-\(id)"
                if let data = SandboxResources.bankey.data("bankey/\(name).json") {
                    files[name] = data
                }
            }
        }
        return files
    }()

    /// Paths under `/bankey/`.
    public var mounts: [PathPattern] { ["/bankey/{rest...}"] }

    /// The endpoints of ``routes``, for endpoint lists.
    public static var endpoints: [Endpoint] {
        routes.endpoints
    }

    /// The course's bytes as `application/json`, or a 404 (for any other
    /// method too, as the course server answered).
    public func respond(to request: SandboxRequest) async -> SandboxResponse {
        await Self.routes.respond(to: request, with: self, methodNotAllowed: { _ in .text(404, "Not Found") })
    }

    /// The course server's endpoints.
    public static let routes = RouteTable<BankeyEmulator>([
        Route(.get, "/bankey/profile/{id}", "A customer's profile") { bankey, _, parameters in
            bankey.file("profile-" + parameters["id"])
        },
        Route(.get, "/bankey/profile/{id}/accounts", "A customer's accounts") { bankey, _, parameters in
            bankey.file("accounts-" + parameters["id"])
        },
        Route(.get, "/bankey/customer/{id}/accounts", "The same accounts, at the lesson's older path") {
            bankey, _, parameters in
            bankey.file("accounts-" + parameters["id"])
        },
    ])

    /// The course's file `name` as `application/json`, or a 404.
    private func file(_ name: String) -> SandboxResponse {
        guard let data = files[name] else { return .text(404, "Not Found") }
        return .json(200, data)
    }
}
