import Models
import Networking

extension ServiceName {
    /// The SooGreyhounds API, as ``SooGreyhoundsClient`` names it in its
    /// failures.
    public static let sooGreyhounds = ServiceName("SooGreyhounds")
}

extension NetworkError {
    /// The SooGreyhounds API's own failure, `{"stat":"fail","code":100,…}`,
    /// as ``/Models/SooGreyhoundsError/failed(code:message:)``; `nil` for any
    /// other error, and for any other service's.
    ///
    /// ```swift
    /// if case .failed(100, _) = error.sooGreyhoundsError { print("Check the API key") }
    /// ```
    public var sooGreyhoundsError: SooGreyhoundsError? {
        guard case .serviceFailure(let failure) = self, failure.service == .sooGreyhounds,
            let message = failure.message,
            let code = message.code.flatMap({ Int($0) })
        else { return nil }
        return .failed(code: code, message: message.message)
    }

    /// Whether a photo list had photos and none could be read: the lesson's
    /// `invalidJSONData`. The failure's reason lists each photo and why.
    public var isInvalidJSONData: Bool {
        guard case .decodingFailed(let failure) = self,
            case .invalidJSONData = failure.underlying as? SooGreyhoundsError
        else { return false }
        return true
    }
}
