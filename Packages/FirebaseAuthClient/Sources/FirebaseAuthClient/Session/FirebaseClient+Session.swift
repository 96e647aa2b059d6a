import FirebaseClient
import Networking

extension FirebaseClient {
    /// This client, signed in as the session's user: every request carries
    /// the session's fresh ID token as `auth=`, and a request the database
    /// refuses for the token (`Auth token is expired`) gets a new one and is
    /// sent once more. `Permission denied` is not retried: it is the rules'
    /// answer (``/Networking/NetworkError/forbidden(_:)``).
    ///
    /// ```swift
    /// let firebase = FirebaseClient(databaseURL: url).signedIn(with: session)
    /// ```
    public func signedIn(with session: FirebaseAuthSession) -> FirebaseClient {
        var client = self
        client.http.interceptors.append(FirebaseIDTokenInterceptor(tokens: session.tokens))
        return client
    }
}
