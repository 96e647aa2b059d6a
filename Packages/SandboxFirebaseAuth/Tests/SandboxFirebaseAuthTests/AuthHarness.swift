import Foundation
import Networking
import SandboxCore
import Synchronization

@testable import SandboxFirebaseAuth

/// An Auth emulator with a clock the test moves, and requests written the
/// way the REST reference writes them.
struct AuthHarness {
    let auth: FirebaseAuthEmulator
    let clock: TestClock

    init(maxAccounts: Int = 100_000) {
        let clock = TestClock()
        self.clock = clock
        auth = FirebaseAuthEmulator(
            configuration: .init(maxAccounts: maxAccounts, now: { clock.now }))
    }

    /// `POST /identitytoolkit.googleapis.com/v1/<method>?key=…` with a JSON body.
    func call(_ method: String, _ body: JSON, key: String? = "any-api-key") async -> SandboxResponse {
        let query = key.map { "?key=\($0)" } ?? ""
        return await auth.answer(
            SandboxRequest(
                "POST", "/identitytoolkit.googleapis.com/v1/\(method)\(query)",
                headers: ["Content-Type": "application/json"], body: body.serialized()))
    }

    /// An admin API call, as the Admin SDKs make it to an emulator.
    func admin(_ method: String, _ body: JSON? = nil, httpMethod: String = "POST", query: String = "")
        async -> SandboxResponse
    {
        await auth.answer(
            SandboxRequest(
                httpMethod, "/identitytoolkit.googleapis.com/v1/projects/demo-project/\(method)\(query)",
                headers: ["Authorization": "Bearer owner", "Content-Type": "application/json"],
                body: body?.serialized() ?? Data()))
    }

    /// Signs up `email` and returns the answer's members.
    func signUp(_ email: String, _ password: String = "correct horse") async -> [String: JSON] {
        await call(
            "accounts:signUp", ["email": .string(email), "password": .string(password), "returnSecureToken": true]
        )
        .bodyJSON.objectValue ?? [:]
    }

    /// The claims of an ID token.
    static func claims(_ token: JSON?) -> [String: JSON] {
        UnsignedJWT.claims(of: token?.stringValue ?? "") ?? [:]
    }
}

/// The error message of a Firebase Auth error answer.
func message(_ response: SandboxResponse) -> String? {
    response.bodyJSON["error"]?["message"]?.stringValue
}

/// A clock a test sets.
final class TestClock: Sendable {
    private let offset = Mutex<TimeInterval>(0)

    var now: Date { Date(timeIntervalSince1970: 1_800_000_000 + offset.withLock { $0 }) }

    func advance(by seconds: TimeInterval) {
        offset.withLock { $0 += seconds }
    }
}
