import Foundation
import Networking
import SandboxCore

/// Firebase Authentication, emulated with the REST surface of Firebase's
/// official Auth emulator, so the SDK's `FirebaseAuthClient`, the Admin
/// SDKs (`FIREBASE_AUTH_EMULATOR_HOST`) and the REST reference's examples
/// work against it:
///
/// - the client API under `/identitytoolkit.googleapis.com/v1/accounts:…`
///   (sign up, sign in with a password or a custom token, anonymous
///   sign-in, account info, updates, password reset, verification,
///   deletion), with a web API key (`key=` or `X-Goog-Api-Key`; any
///   non-empty key is accepted, as the official emulator accepts any);
/// - the token endpoint, `/securetoken.googleapis.com/v1/token`;
/// - the admin API under `/identitytoolkit.googleapis.com/v1/projects/{project}/…`
///   (create, look up, update, disable, delete, list, import, custom
///   claims, revoking refresh tokens), with `Authorization: Bearer owner`
///   as the Admin SDKs send it to an emulator;
/// - the emulator's own routes under `/emulator/v1/projects/{project}/…`:
///   clear all accounts, list the out-of-band codes an email would have
///   carried, and the project's settings.
///
/// ID tokens are unsigned, as the official emulator's are, and the
/// Sandbox's database emulator reads them as `auth`. See ``routes`` for the
/// endpoint list, and ``Configuration`` for its bounds.
///
/// ```swift
/// let auth = FirebaseAuthEmulator()
/// let answer = await auth.answer(SandboxRequest(
///     "POST", "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any",
///     body: Data(#"{"email":"ada@example.com","password":"correct horse","returnSecureToken":true}"#.utf8)))
/// ```
public final class FirebaseAuthEmulator: SandboxService {
    /// The emulator's settings.
    public struct Configuration: Sendable {
        /// The project tokens are issued for when a request names none
        /// (their `aud`, and `iss` ends with it): `sandbox` by default.
        public var projectId: String
        /// The most accounts kept: 100,000 unless set. Creating more is
        /// refused with `QUOTA_EXCEEDED`.
        public var maxAccounts: Int
        /// Sign-in failures say only `INVALID_LOGIN_CREDENTIALS`, never
        /// whether the email exists, as projects with email enumeration
        /// protection answer (Firebase's default for new projects). Off by
        /// default, as in the official emulator; the project config route
        /// changes it.
        public var improvedEmailPrivacy: Bool
        /// The time, for issuing tokens and checking their expiry: the
        /// system clock unless a test sets another.
        public var now: @Sendable () -> Date

        /// Creates settings.
        public init(
            projectId: String = "sandbox", maxAccounts: Int = 100_000, improvedEmailPrivacy: Bool = false,
            now: @escaping @Sendable () -> Date = { Date() }
        ) {
            self.projectId = projectId
            self.maxAccounts = max(0, maxAccounts)
            self.improvedEmailPrivacy = improvedEmailPrivacy
            self.now = now
        }
    }

    /// The settings it was created with.
    public let configuration: Configuration
    let accounts: FirebaseAuthAccounts
    let settings: FirebaseAuthSettings

    /// `firebase-auth`.
    public var name: String { "firebase-auth" }

    /// The largest body taken: 8 MiB, room for an import of 1,000 users.
    public static let maxBodySize = 8 << 20

    /// Creates the emulator with no accounts, in memory.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        accounts = FirebaseAuthAccounts(limit: configuration.maxAccounts)
        settings = FirebaseAuthSettings(improvedEmailPrivacy: configuration.improvedEmailPrivacy)
    }

    /// Creates the emulator with the accounts kept in `storage`, and keeps
    /// every change there before answering.
    ///
    /// - Throws: The storage's error, or a ``FirebaseAuthError`` naming a
    ///   stored account that no longer reads.
    public init(configuration: Configuration = Configuration(), storage: (any SandboxStorage)?) async throws {
        self.configuration = configuration
        accounts = FirebaseAuthAccounts(limit: configuration.maxAccounts, storage: storage)
        settings = FirebaseAuthSettings(improvedEmailPrivacy: configuration.improvedEmailPrivacy)
        var restored: [FirebaseAuthAccount] = []
        for (id, row) in try await accounts.storedRows() {
            do {
                restored.append(try importedAccount(try JSON.parse(row, maxDepth: 16)))
            } catch {
                throw FirebaseAuthError(status: 500, "The stored account \(id) does not read: \(error)")
            }
        }
        try await accounts.restore(restored)
    }

    /// The hosts' paths the official emulator serves.
    /// Paths under `/identitytoolkit.googleapis.com/`,
    /// `/securetoken.googleapis.com/`, `/emulator/v1/` and (the legacy v3
    /// API) `/www.googleapis.com/identitytoolkit/`.
    public var mounts: [PathPattern] {
        [
            "/identitytoolkit.googleapis.com/{rest...}", "/securetoken.googleapis.com/{rest...}",
            "/emulator/v1/{rest...}", "/www.googleapis.com/identitytoolkit/{rest...}",
        ]
    }

    /// Answers with the route for the request, or Google's 404; a CORS
    /// preflight is answered by ``crossOrigin``, whose headers every answer
    /// carries, so a web app's Auth SDK can call from its own page.
    public func respond(to request: SandboxRequest) async -> SandboxResponse {
        if CrossOriginPolicy.isPreflight(request) { return Self.crossOrigin.preflight(request) }
        var response = await routed(request)
        response.headers = response.headers.merging(Self.crossOrigin.headers(for: request))
        return response
    }

    /// How the emulator answers other sites, as Firebase's Auth emulator
    /// does (the `cors` middleware with `origin: true`): the page's own
    /// origin allowed, preflights answered 204.
    public static let crossOrigin = CrossOriginPolicy(
        origins: .requestOrigin, methods: ["GET", "HEAD", "PUT", "PATCH", "POST", "DELETE"])

    private func routed(_ request: SandboxRequest) async -> SandboxResponse {
        await Self.routes.respond(
            to: request, with: self,
            notFound: {
                FirebaseAuthError(status: 404, "Not Found", statusName: "NOT_FOUND", reason: "notFound").response
            },
            methodNotAllowed: { _ in
                FirebaseAuthError(status: 404, "Not Found", statusName: "NOT_FOUND", reason: "notFound").response
            })
    }

    /// 8 MiB for every route.
    public func maxBodySize(for request: SandboxRequest) -> Int? {
        Self.maxBodySize
    }

    /// Google's 413, in the service's error format.
    public func bodyTooLarge(_ request: SandboxRequest) -> SandboxResponse {
        FirebaseAuthError(status: 413, "Request payload too large.", statusName: "INVALID_ARGUMENT").response
    }

    /// Google's 400 for a path with a control character.
    public func invalidPath(_ request: SandboxRequest) -> SandboxResponse {
        FirebaseAuthError("INVALID_ARGUMENT : The path has a control character.").response
    }

    /// The endpoints of ``routes``, for endpoint lists.
    public static var endpoints: [Endpoint] {
        routes.endpoints
    }

    /// How many accounts there are.
    public var accountCount: Int {
        get async { await accounts.count }
    }

    /// Every account, in id order: for tests, the console and exports.
    public var allAccounts: [FirebaseAuthAccount] {
        get async { await accounts.all }
    }

    /// The out-of-band codes an email would have carried, oldest first.
    public var outOfBandCodes: [FirebaseAuthCode] {
        get async { await accounts.allCodes }
    }

    /// Removes every account and code.
    public func removeAll() async throws(FirebaseAuthError) {
        try await accounts.removeAll()
    }

    /// The time now, in whole seconds and in milliseconds.
    var clock: (seconds: Int64, milliseconds: Int64) {
        let interval = configuration.now().timeIntervalSince1970
        let milliseconds = interval.isFinite ? Int64(exactly: (interval * 1000).rounded(.down)) ?? 0 : 0
        return (milliseconds / 1000, milliseconds)
    }
}

/// The project settings the emulator's config route reads and changes.
actor FirebaseAuthSettings {
    var improvedEmailPrivacy: Bool

    init(improvedEmailPrivacy: Bool) {
        self.improvedEmailPrivacy = improvedEmailPrivacy
    }

    func set(improvedEmailPrivacy: Bool) {
        self.improvedEmailPrivacy = improvedEmailPrivacy
    }
}
