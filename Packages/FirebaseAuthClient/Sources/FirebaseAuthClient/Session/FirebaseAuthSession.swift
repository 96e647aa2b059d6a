import Foundation
import Networking

/// The signed-in user of an app: signs in, keeps the refresh token in the
/// store the app chooses, and gives requests an ID token that is always
/// fresh.
///
/// ```swift
/// let session = FirebaseAuthSession(auth: auth, store: FirebaseFileSessionStore(url: sessionFile))
/// try await session.signIn(email: email, password: password)  // or: try await session.restore()
/// let firebase = FirebaseClient(databaseURL: url).signedIn(with: session)
/// ```
///
/// The ID token is refreshed five minutes before it expires, and once more
/// when the database refuses it (`Auth token is expired`); requests that
/// need a new token at the same time share one refresh (``tokens``). A
/// refresh refused by Firebase (the account was disabled or deleted, its
/// tokens revoked) signs the session out. Observers of ``auth`` see the
/// sign-in and refresh requests with the key, passwords and tokens
/// redacted; the session describes itself without them.
public final class FirebaseAuthSession: Sendable {
    /// The Auth client it signs in with.
    public let auth: FirebaseAuthClient
    /// Where the refresh token is kept.
    public let store: any FirebaseSessionStore
    /// The ID tokens, fresh: what ``/FirebaseClient/FirebaseIDTokenInterceptor``
    /// signs database requests with.
    public let tokens: AccessTokenStore
    private let now: @Sendable () -> Date

    /// Creates a signed-out session.
    ///
    /// - Parameters:
    ///   - auth: The Auth client it signs in with.
    ///   - store: Where the refresh token is kept; memory unless given.
    ///   - now: The time, for tests; the system clock by default.
    public init(
        auth: FirebaseAuthClient, store: any FirebaseSessionStore = FirebaseMemorySessionStore(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.auth = auth
        self.store = store
        self.now = now
        tokens = AccessTokenStore(token: nil, expiry: nil, now: now) { () async throws(NetworkError) in
            try await Self.refresh(auth: auth, store: store, now: now)
        }
    }

    /// Signs in with email and password, and keeps the session.
    @discardableResult
    public func signIn(email: String, password: String) async throws(NetworkError) -> FirebaseSignIn {
        try await keep(try await auth.signIn(email: email, password: password))
    }

    /// Creates an account (named `displayName`, when given), signs it in,
    /// and keeps the session.
    @discardableResult
    public func signUp(email: String, password: String, displayName: String? = nil) async throws(NetworkError)
        -> FirebaseSignIn
    {
        try await keep(try await auth.signUp(email: email, password: password, displayName: displayName))
    }

    /// Signs in as a new anonymous user, and keeps the session.
    @discardableResult
    public func signInAnonymously() async throws(NetworkError) -> FirebaseSignIn {
        try await keep(try await auth.signInAnonymously())
    }

    /// Signs in again with the kept refresh token, as at an app's launch.
    /// Returns `false` when there is none (signed out).
    @discardableResult
    public func restore() async throws(NetworkError) -> Bool {
        guard try await Self.kept(in: store) != nil else { return false }
        _ = try await tokens.refreshed(replacing: nil)
        return true
    }

    /// The signed-in user's id and email, or `nil` when signed out.
    public var user: (userID: String, email: String?)? {
        get async throws(NetworkError) {
            try await Self.kept(in: store).map { ($0.userID, $0.email) }
        }
    }

    /// A fresh ID token for the signed-in user.
    public func idToken() async throws(NetworkError) -> String {
        try await tokens.current()
    }

    /// Signs out: forgets the tokens and clears the store.
    public func signOut() async throws(NetworkError) {
        await tokens.replace(token: nil, expiry: nil)
        try await store.clear()
    }

    private func keep(_ signIn: FirebaseSignIn) async throws(NetworkError) -> FirebaseSignIn {
        let session = FirebaseStoredSession(
            userID: signIn.userID, email: signIn.email, refreshToken: signIn.refreshToken)
        try await store.save(session)
        await tokens.replace(token: signIn.idToken, expiry: Self.expiry(of: signIn, now: now))
        return signIn
    }

    /// The session the store keeps, if any.
    private static func kept(in store: any FirebaseSessionStore) async throws(NetworkError) -> FirebaseStoredSession? {
        try await store.load()
    }

    /// Exchanges the kept refresh token, keeps the new one, and gives the
    /// new ID token with its expiry. Firebase refusing it signs out.
    private static func refresh(
        auth: FirebaseAuthClient, store: any FirebaseSessionStore, now: @Sendable () -> Date
    ) async throws(NetworkError) -> (token: String, expiry: Date?) {
        guard let kept = try await kept(in: store) else { throw signedOut }
        do throws(NetworkError) {
            let signIn = try await auth.refresh(kept.refreshToken)
            var updated = kept
            updated.refreshToken = signIn.refreshToken
            try? await store.save(updated)
            return (signIn.idToken, expiry(of: signIn, now: now))
        } catch {
            if case .unauthenticated = error { try? await store.clear() }
            throw error
        }
    }

    /// The error of asking a signed-out session for a token: the request
    /// that needed it is not sent, and no server refused anything.
    static let signedOut = NetworkError.invalidRequest("no user is signed in; sign in first.")

    private static func expiry(of signIn: FirebaseSignIn, now: () -> Date) -> Date {
        now().addingTimeInterval(Double(signIn.expiresIn.components.seconds))
    }
}

extension FirebaseAuthSession: RedactedDescription {
    /// The client and the store; never a token.
    public var redactedFields: KeyValuePairs<String, Any> {
        ["auth": auth, "store": String(describing: type(of: store))]
    }
}
