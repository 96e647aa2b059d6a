import Foundation
import Networking

/// A conditional write that lost: the location changed since its ETag was
/// read. Firebase answers `412 Precondition Failed` with the current value
/// and its ETag, so the caller can merge and try again without another read.
///
/// ```swift
/// var tagged = try await firebase.getTagged("counters/likes", as: Int.self)
/// while true {
///     do {
///         try await firebase.put(tagged.value + 1, at: "counters/likes", ifMatch: tagged.etag)
///         break
///     } catch {
///         guard let conflict = error.firebaseConflict else { throw error }
///         tagged = FirebaseTagged(value: try conflict.currentValue(as: Int.self), etag: conflict.etag)
///     }
/// }
/// ```
public struct FirebaseConflict: Sendable {
    /// What the location holds now: the body of the 412.
    public var currentValue: JSON
    /// The ETag of ``currentValue``, to send as `if-match` next.
    public var etag: String?
    /// The response as received.
    public var failure: HTTPFailure

    /// Reads a conflict from a 412 response; `nil` for any other failure.
    public init?(_ failure: HTTPFailure) {
        guard failure.status == 412 else { return nil }
        self.failure = failure
        self.etag = failure.headers["ETag"]
        self.currentValue = (try? JSONDecoder().decode(JSON.self, from: failure.body)) ?? .null
    }

    /// The current value decoded as `Value`.
    public func currentValue<Value: Decodable>(
        as type: Value.Type, using decoder: JSONDecoder = JSONDecoder()
    ) throws(NetworkError) -> Value {
        do {
            return try decoder.decode(Value.self, from: failure.body)
        } catch {
            throw .decodingFailed(DecodingFailure(error, decoding: Value.self, body: failure.body))
        }
    }
}

extension NetworkError {
    /// The lost conditional write this error reports, if it is a 412 from
    /// a write with `if-match` to the Firebase Realtime Database; `nil` for
    /// any other service's errors.
    public var firebaseConflict: FirebaseConflict? {
        guard case .conflict(let failure) = self, failure.service == .firebaseDatabase else { return nil }
        return FirebaseConflict(failure)
    }
}
