extension Backend {
    /// The `ns` query item a Firebase client should send for `namespace`
    /// (`devmtn-post`, `lambda-message-board`), or `nil` for the hosted
    /// service.
    ///
    /// The Sandbox, like Firebase's own emulator, serves every database from
    /// one address and picks it by `ns`; the hosted service reads the
    /// database from the host name (`https://devmtn-post.firebaseio.com`)
    /// and needs no `ns`.
    ///
    /// ```swift
    /// let configuration = FirebaseClient.Configuration(
    ///     databaseURL: backend.baseURL, namespace: backend.firebaseNamespace("devmtn-post"))
    /// ```
    public func firebaseNamespace(_ namespace: String) -> String? {
        let host = baseURL.host?.lowercased() ?? ""
        let isHosted = host.hasSuffix(".firebaseio.com") || host.hasSuffix(".firebasedatabase.app")
        return isHosted ? nil : namespace
    }
}
