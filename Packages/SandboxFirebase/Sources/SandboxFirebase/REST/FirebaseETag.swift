import Foundation
import Networking
import SandboxCore

/// ETags for conditional requests: a fingerprint of the value at a location,
/// opaque to clients, and `null_etag` where there is nothing, as Firebase
/// answers (clients send `if-match: null_etag` to create only if absent).
///
/// Firebase uses a SHA-1; CryptoKit is not on Linux and the Sandbox takes
/// no packages, so this is two independent 64-bit FNV-1a hashes of the
/// canonical JSON text. It only has to change when the value changes.
enum FirebaseETag {
    /// The ETag of an empty location.
    static let null = "null_etag"

    /// The ETag of `value`.
    static func of(_ value: JSON) -> String {
        guard !value.isNull else { return null }
        let text = FirebaseJSONWriter.data(value)
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x6c62_272e_07bb_0142
        for byte in text {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = (second << 29) | (second >> 35)
        }
        var digest = Data()
        for word in [first, second] {
            for shift in stride(from: 56, through: 0, by: -8) {
                digest.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
            }
        }
        return digest.base64EncodedString()
    }
}
