import Foundation
import Networking

/// What a session keeps to stay signed in across launches: who the user
/// is and their refresh token. It describes itself without the token.
public struct FirebaseStoredSession: Sendable, Hashable, Codable {
    /// The user's id.
    public var userID: String
    /// The email address, if the user has one.
    public var email: String?
    /// The refresh token.
    public var refreshToken: String

    /// Creates a stored session.
    public init(userID: String, email: String? = nil, refreshToken: String) {
        self.userID = userID
        self.email = email
        self.refreshToken = refreshToken
    }
}

extension FirebaseStoredSession: RedactedDescription {
    /// The user; the refresh token redacted.
    public var redactedFields: KeyValuePairs<String, Any> {
        ["userID": userID, "email": email ?? "nil", "refreshToken": Redactor().replacement]
    }
}

/// Where a ``FirebaseAuthSession`` keeps its ``FirebaseStoredSession``:
/// the Keychain on Apple platforms (`FirebaseKeychainSessionStore`), a file
/// only the user can read on Linux (``FirebaseFileSessionStore``), memory
/// for tests (``FirebaseMemorySessionStore``).
///
/// A store reports a failure as the SDK's one error, usually
/// ``/Networking/NetworkError/fileFailed(_:)`` with the system's error as
/// the ``/Networking/FileFailure/underlying`` cause.
public protocol FirebaseSessionStore: Sendable {
    /// The kept session, or `nil` when signed out.
    func load() async throws(NetworkError) -> FirebaseStoredSession?
    /// Keeps `session`, replacing any other.
    func save(_ session: FirebaseStoredSession) async throws(NetworkError)
    /// Forgets the session: signing out.
    func clear() async throws(NetworkError)
}

/// A session kept in memory: gone when the process ends. For tests and
/// for apps that sign in at every launch.
public actor FirebaseMemorySessionStore: FirebaseSessionStore {
    private var session: FirebaseStoredSession?

    /// Creates an empty store, or one holding `session`.
    public init(_ session: FirebaseStoredSession? = nil) {
        self.session = session
    }

    /// The kept session.
    public func load() -> FirebaseStoredSession? { session }

    /// Keeps `session`.
    public func save(_ session: FirebaseStoredSession) { self.session = session }

    /// Forgets the session.
    public func clear() { session = nil }
}
