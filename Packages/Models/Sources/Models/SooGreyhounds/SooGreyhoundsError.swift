import Foundation
import Networking

/// What can go wrong reading a SooGreyhounds response beyond malformed JSON.
///
/// Thrown from decoding, so a `JSONDecoder` passes it through unchanged and
/// Networking's `NetworkClient` reports it as `NetworkError.decodingFailed`
/// with ``description`` as the reason.
public enum SooGreyhoundsError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The list had photos and none of them decoded: the lesson's
    /// `invalidJSONData`, with each photo's index and reason.
    case invalidJSONData(skipped: [SkippedElement])
    /// The API answered `{"stat":"fail"}` with this code and message (code
    /// 100 is an invalid API key).
    case failed(code: Int, message: String)

    /// One line that says what happened.
    public var description: String {
        switch self {
        case .invalidJSONData(let skipped):
            let reasons = skipped.prefix(3).map { "[\($0.key)] \($0.reason)" }.joined(separator: "; ")
            let more = skipped.count > 3 ? "; and \(skipped.count - 3) more" : ""
            return "invalidJSONData: none of the \(skipped.count) photos could be read (\(reasons)\(more))"
        case .failed(let code, let message):
            return "The SooGreyhounds API failed with code \(code): \(message)"
        }
    }

    /// The same line, for `localizedDescription`.
    public var errorDescription: String? { description }
}
