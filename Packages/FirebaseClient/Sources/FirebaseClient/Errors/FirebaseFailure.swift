import Networking

/// Firebase's own reading of a failure: the client's HTTP
/// `failureClassifier`, so interceptors, retries and streams all see it.
enum FirebaseFailure {
    /// The message Firebase answers when security rules refuse a request.
    static let permissionDenied = "Permission denied"

    /// `Permission denied` means the request lacked credentials the rules
    /// accept, whatever status carried it (the real service answers 401,
    /// some proxies and older servers 403): a caller acts on it by signing
    /// in, so it is ``NetworkError/unauthenticated(_:)``.
    @Sendable static func classify(_ failure: HTTPFailure) -> NetworkError {
        guard let message = failure.message?.message,
            message.range(of: permissionDenied, options: .caseInsensitive) != nil
        else { return NetworkError(failure: failure) }
        return .unauthenticated(failure)
    }
}
