import Foundation
import Networking

/// The models' public decode helpers report their failures as the SDK's one
/// error, ``/Networking/NetworkError/decodingFailed(_:)``, with the
/// `DecodingError` (or the lesson's own error, such as `SooGreyhoundsError`)
/// as the failure's cause, so a caller handles them as it handles a client's.
enum ModelDecoding {
    /// Runs `decode` on `data`; what it throws becomes a decoding failure of
    /// `type` that keeps the error as its cause.
    static func decode<Value>(_ type: Value.Type, from data: Data, _ decode: (Data) throws -> Value)
        throws(NetworkError)
        -> Value
    {
        do {
            return try decode(data)
        } catch let error as NetworkError {
            throw error
        } catch {
            throw .decodingFailed(DecodingFailure(error, decoding: Value.self, body: data))
        }
    }
}
