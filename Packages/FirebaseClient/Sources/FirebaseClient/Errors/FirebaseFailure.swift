import Networking

/// Firebase's own reading of a failure: the client's HTTP
/// `failureClassifier`, so interceptors, retries and streams all see it.
enum FirebaseFailure {
    /// The message Firebase answers when security rules refuse a request.
    static let permissionDenied = "Permission denied"

    /// `Permission denied` is the security rules' refusal, whatever status
    /// carried it (the real service answers 401, some proxies and older
    /// servers 403). What the caller does about it depends on who asked:
    ///
    /// - a request without credentials (signed out): signing in may help,
    ///   so it is ``NetworkError/unauthenticated(_:)``;
    /// - a request with credentials (a signed-in user, whose token the
    ///   database accepted): signing in again changes nothing, the rules
    ///   refuse this user, so it is ``NetworkError/forbidden(_:)``.
    ///
    /// A refused token (`Auth token is expired`, `Could not parse auth
    /// token.`) stays ``NetworkError/unauthenticated(_:)``.
    @Sendable static func classify(_ failure: HTTPFailure) -> NetworkError {
        guard let message = failure.message?.message,
            message.range(of: permissionDenied, options: .caseInsensitive) != nil
        else { return NetworkError(failure: failure) }
        var refused = failure
        guard failure.carriedCredentials else {
            refused.advice = "Sign in: the database's security rules refuse requests without credentials."
            return .unauthenticated(refused)
        }
        refused.advice = "The database's security rules do not let this user do this."
        return .forbidden(refused)
    }
}

extension ServiceName {
    /// The Firebase Realtime Database, as ``FirebaseClient`` names it in
    /// its failures.
    public static let firebaseDatabase = ServiceName("Firebase Realtime Database")
}
