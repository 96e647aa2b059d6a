import Foundation
import Networking

/// Decodes JSON that may end objects and arrays with trailing commas, as the
/// real Bankey server's files do.
///
/// swift-foundation's parser accepts them; others reject them. On a rejection
/// the bytes are decoded once more with the commas removed (Networking's
/// ``TrailingCommas``), so the result is the same everywhere.
enum TolerantJSON {
    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, using decoder: JSONDecoder) throws
        -> Value
    {
        try decode(from: data) { try decoder.decode(Value.self, from: $0) }
    }

    /// Runs `decode` on `data`, and again on `data` without trailing commas
    /// if the first attempt found the bytes corrupt and there were commas to
    /// remove. The second attempt's error, if any, is the one thrown: its
    /// coding path is the same and it is not about the commas.
    static func decode<Value>(from data: Data, _ decode: (Data) throws -> Value) throws -> Value {
        do {
            return try decode(data)
        } catch DecodingError.dataCorrupted(let context) {
            guard let cleaned = TrailingCommas.removed(from: data) else {
                throw DecodingError.dataCorrupted(context)
            }
            return try decode(cleaned)
        }
    }
}
