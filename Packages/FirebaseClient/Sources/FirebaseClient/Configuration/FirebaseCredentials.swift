import Networking

/// What proves who is asking, in the form the Realtime Database REST API
/// accepts it.
///
/// Databases whose rules allow public access (like the lessons') need none.
/// Otherwise:
///
/// ```swift
/// .accessToken(oauthToken)   // Authorization: Bearer … (a service account)
/// .idToken(user.idToken)     // ?auth=… (a signed-in Firebase user)
/// ```
///
/// Headers are the better place for a secret: proxies and servers log URLs,
/// not `Authorization` headers. Firebase accepts an OAuth 2 access token in
/// the header, but an ID token or a legacy database secret only in the URL's
/// `auth` query item; the client's redactor keeps that item out of its logs
/// and error descriptions either way.
///
/// Tokens expire (an ID token after an hour). A configuration is a value:
/// make a new client with the fresh token. A stream whose token expires
/// receives `auth_revoked` and throws ``/Networking/NetworkError/unauthenticated(_:)``,
/// the cue to subscribe again with the new client.
public enum FirebaseCredentials: Sendable, Hashable {
    /// A Firebase Authentication ID token, sent as `auth=<token>`. Security
    /// rules see the signed-in user as `auth`.
    case idToken(String)
    /// A legacy database secret, sent as `auth=<secret>`: full access that
    /// bypasses the rules. Prefer an access token on servers.
    case databaseSecret(String)
    /// A Google OAuth 2 access token, sent as `Authorization: Bearer <token>`.
    case accessToken(String)
}

extension FirebaseCredentials: RedactedDescription {
    /// Which kind of credential it is; never the token itself.
    public var redactedFields: KeyValuePairs<String, Any> {
        switch self {
        case .idToken: ["idToken": "REDACTED"]
        case .databaseSecret: ["databaseSecret": "REDACTED"]
        case .accessToken: ["accessToken": "REDACTED"]
        }
    }
}
