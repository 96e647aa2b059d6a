import Foundation
import Networking
import SandboxCore

extension FirebaseAuthEmulator {
    /// A route of the Auth API: the caller is read first (API key or admin
    /// credentials), with the project from the path when it names one.
    private static func api(
        _ pattern: String, _ summary: String, method: HTTPMethod = .post,
        _ handler:
            @escaping @Sendable (FirebaseAuthEmulator) -> (SandboxRequest, FirebaseAuthCaller)
            async throws(FirebaseAuthError) -> SandboxResponse
    ) -> Route<FirebaseAuthEmulator> {
        Route(method, PathPattern(pattern), summary) { (auth, request, parameters) throws(FirebaseAuthError) in
            let project = parameters["project"]
            let caller = try FirebaseAuthCaller(
                request, project: project.isEmpty ? nil : project, defaultProject: auth.configuration.projectId)
            return try await handler(auth)(request, caller)
        }
    }

    private static let v1 = "/identitytoolkit.googleapis.com/v1"
    private static let admin = "/identitytoolkit.googleapis.com/v1/projects/{project}"
    private static let emulator = "/emulator/v1/projects/{project}"
    private static let legacy = "/www.googleapis.com/identitytoolkit/v3/relyingparty"

    /// A handler of the API, as `api` takes it.
    private typealias Handler =
        @Sendable (FirebaseAuthEmulator) -> (SandboxRequest, FirebaseAuthCaller)
        async throws(FirebaseAuthError) -> SandboxResponse

    /// The legacy v3 `relyingparty` paths that older SDKs and tools call,
    /// each answered as its v1 counterpart, as the official emulator does.
    private static let legacyRoutes: [Route<FirebaseAuthEmulator>] = [
        ("signupNewUser", "accounts:signUp", signUp as Handler),
        ("verifyPassword", "accounts:signInWithPassword", signInWithPassword),
        ("verifyCustomToken", "accounts:signInWithCustomToken", signInWithCustomToken),
        ("emailLinkSignin", "accounts:signInWithEmailLink", signInWithEmailLink),
        ("createAuthUri", "accounts:createAuthUri", createAuthURI),
        ("getAccountInfo", "accounts:lookup", lookup),
        ("setAccountInfo", "accounts:update", update),
        ("getOobConfirmationCode", "accounts:sendOobCode", sendOobCode),
        ("resetPassword", "accounts:resetPassword", resetPassword),
        ("deleteAccount", "accounts:delete", delete),
        ("downloadAccount", "accounts:batchGet", legacyBatchGet),
        ("uploadAccount", "accounts:batchCreate", legacyBatchCreate),
    ].map { old, new, handler in api("\(legacy)/\(old)", "Legacy v3: as \(new)", handler) }

    private func legacyBatchGet(_ request: SandboxRequest, _ caller: FirebaseAuthCaller)
        async throws(FirebaseAuthError) -> SandboxResponse
    {
        try await batchGet(try Self.legacyBatch(request), caller)
    }

    private func legacyBatchCreate(_ request: SandboxRequest, _ caller: FirebaseAuthCaller)
        async throws(FirebaseAuthError) -> SandboxResponse
    {
        try await batchCreate(try Self.legacyBatch(request), caller)
    }

    /// `downloadAccount` and `uploadAccount` name their project in the body
    /// (`targetProjectId`, required, as in production); `downloadAccount`'s
    /// paging, also in the body, becomes `batchGet`'s query.
    private static func legacyBatch(_ request: SandboxRequest) throws(FirebaseAuthError) -> SandboxRequest {
        let body = try FirebaseAuthBody(request)
        guard body.members["targetProjectId"]?.stringValue?.isEmpty == false else {
            throw FirebaseAuthError("INSUFFICIENT_PERMISSION")
        }
        var rewritten = request
        var query: [String] = []
        for name in ["maxResults", "nextPageToken"] {
            guard let value = body.members[name] else { continue }
            let text = value.stringValue ?? value.description
            let encoded = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            query.append("\(name)=\(encoded)")
        }
        if !query.isEmpty {
            rewritten.rawQuery = ([request.rawQuery].compactMap { $0 } + query).joined(separator: "&")
        }
        return rewritten
    }

    /// The endpoints, in the order of Firebase's Auth REST reference, then
    /// the admin API the Admin SDKs call, the legacy v3 paths, and the
    /// emulator's own.
    public static let routes = RouteTable<FirebaseAuthEmulator>(documentedRoutes + legacyRoutes + emulatorRoutes)

    /// The Auth REST reference's endpoints, then the admin API's.
    private static let documentedRoutes: [Route<FirebaseAuthEmulator>] = [
        api("\(v1)/accounts:signUp", "Sign up with email and password, or anonymously", signUp),
        api("\(v1)/accounts:signInWithPassword", "Sign in with email and password", signInWithPassword),
        api(
            "\(v1)/accounts:signInWithCustomToken", "Exchange a custom token for an ID and refresh token",
            signInWithCustomToken),
        api("/securetoken.googleapis.com/v1/token", "Exchange a refresh token for an ID token", refreshToken),
        api("\(v1)/accounts:signInWithEmailLink", "Sign in with an email link", signInWithEmailLink),
        api("\(v1)/accounts:createAuthUri", "Fetch the sign-in methods of an email", createAuthURI),
        api("\(v1)/accounts:lookup", "Get user data", lookup),
        api("\(v1)/accounts:update", "Change email, password or profile; confirm email verification", update),
        api("\(v1)/accounts:sendOobCode", "Send a password reset or verification email", sendOobCode),
        api(
            "\(v1)/accounts:resetPassword", "Verify a password reset code, or confirm a password reset",
            resetPassword),
        api("\(v1)/accounts:delete", "Delete an account", delete),
        api("\(admin)/accounts", "Admin: create a user", signUp),
        api("\(admin)/accounts:lookup", "Admin: get users by uid, email, phone or federated identity", lookup),
        api("\(admin)/accounts:update", "Admin: update a user, set custom claims, disable, revoke tokens", update),
        api("\(admin)/accounts:delete", "Admin: delete a user", delete),
        api("\(admin)/accounts:batchGet", "Admin: list users, in pages", method: .get, batchGet),
        api("\(admin)/accounts:batchCreate", "Admin: import users", batchCreate),
        api("\(admin)/accounts:batchDelete", "Admin: delete users", batchDelete),
        api("\(admin)/accounts:query", "Admin: query users", query),
        api(
            "\(admin)/accounts:sendOobCode", "Admin: make a password reset, verification or sign-in link",
            sendOobCode),
        api(
            "\(v1)/projects/{project...}:createSessionCookie", "Admin: make a session cookie from an ID token",
            createSessionCookie),
    ]

    /// The official emulator's own routes.
    private static let emulatorRoutes: [Route<FirebaseAuthEmulator>] = [
        Route(.delete, PathPattern("\(emulator)/accounts"), "Emulator: remove every account") {
            (auth, _, _) throws(FirebaseAuthError) in
            try await auth.removeAll()
            return .json(200, [:])
        },
        Route(.get, PathPattern("\(emulator)/oobCodes"), "Emulator: the codes emails would have carried") {
            auth, _, _ in
            .json(200, ["oobCodes": .array(await auth.outOfBandCodes.map(\.json))])
        },
        Route(
            .get, PathPattern("\(emulator)/verificationCodes"),
            "Emulator: the SMS codes sent (none: no phone sign-in)"
        ) {
            _, _, _ in
            .json(200, ["verificationCodes": []])
        },
        Route(.get, PathPattern("\(emulator)/config"), "Emulator: the project's sign-in settings") { auth, _, _ in
            .json(200, await auth.projectConfig)
        },
        Route(.patch, PathPattern("\(emulator)/config"), "Emulator: change the project's sign-in settings") {
            (auth, request, _) throws(FirebaseAuthError) in
            let body = try FirebaseAuthBody(request)
            if let enabled = body.members["emailPrivacyConfig"]?["enableImprovedEmailPrivacy"]?.boolValue {
                await auth.settings.set(improvedEmailPrivacy: enabled)
            }
            return .json(200, await auth.projectConfig)
        },
    ]

    /// The project's settings as the emulator's config route answers them
    /// (and an export's `config.json` holds them).
    public var projectConfig: JSON {
        get async {
            [
                "signIn": ["allowDuplicateEmails": false],
                "emailPrivacyConfig": ["enableImprovedEmailPrivacy": .bool(await settings.improvedEmailPrivacy)],
            ]
        }
    }
}
