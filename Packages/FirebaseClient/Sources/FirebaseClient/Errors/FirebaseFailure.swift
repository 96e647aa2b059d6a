import Networking

/// Firebase's own reading of a failure, applied to every error the client
/// throws.
enum FirebaseFailure {
    /// The message Firebase answers when security rules refuse a request.
    static let permissionDenied = "Permission denied"

    /// `Permission denied` means the request lacked credentials the rules
    /// accept, whatever status carried it (the real service answers 401,
    /// some proxies and older servers 403): a caller acts on it by signing
    /// in, so it is ``NetworkError/unauthenticated(_:)``.
    static func map(_ error: NetworkError) -> NetworkError {
        guard let failure = error.failure, failure.status != 401,
            let message = failure.message?.message,
            message.range(of: permissionDenied, options: .caseInsensitive) != nil
        else { return error }
        return .unauthenticated(failure)
    }
}
