import Foundation
import Models
import Networking

/// A decoder as strict as older Foundations: a body with trailing commas is
/// corrupt data. It counts its attempts, so a test sees the retry happen.
///
/// swift-foundation's own parser accepts trailing commas, so without it the
/// retry path of the Bankey helpers would never run on Linux.
final class StrictJSONDecoder: JSONDecoder, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    override init() {
        super.init()
        dateDecodingStrategy = .iso8601Flexible
    }

    /// How many times `decode` was called.
    var attempts: Int { lock.withLock { count } }

    override func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        lock.withLock { count += 1 }
        if TrailingCommas.removed(from: data) != nil {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: "The given data was not valid JSON."))
        }
        return try super.decode(type, from: data)
    }
}
