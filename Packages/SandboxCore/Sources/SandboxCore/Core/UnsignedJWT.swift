import Foundation
import Networking

/// JSON Web Tokens as Firebase's emulators write and read them:
/// `header.payload.signature` in base64url, the header `{"alg":"none"}`
/// and no signature. Read without checking any signature (a signed token's
/// claims read the same), as the official emulators read ID tokens.
///
/// ```swift
/// let token = UnsignedJWT.make(["sub": "ada", "exp": 1_800_000_000])
/// UnsignedJWT.claims(of: token)?["sub"]  // "ada"
/// ```
public enum UnsignedJWT {
    /// The longest token read, in bytes.
    public static let maxLength = 16 * 1024

    /// An unsigned token carrying `claims`.
    public static func make(_ claims: [String: JSON]) -> String {
        base64URL(JSON.object(["alg": "none", "typ": "JWT"]).serialized()) + "."
            + base64URL(
                JSON.object(claims).serialized()) + "."
    }

    /// The claims of a token whose header names an algorithm and whose
    /// payload is an object; `nil` for anything else, or a token longer
    /// than ``maxLength``.
    public static func claims(of token: String) -> [String: JSON]? {
        guard token.utf8.count <= maxLength else { return nil }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
            let header = decodeBase64URL(parts[0]).flatMap({ try? JSON.parse($0, maxDepth: 32) }),
            header["alg"]?.stringValue != nil,
            let payload = decodeBase64URL(parts[1]).flatMap({ try? JSON.parse($0, maxDepth: 32) }),
            case .object(let claims) = payload
        else { return nil }
        return claims
    }

    /// Base64url without padding, as JWTs are written.
    public static func base64URL(_ data: Data) -> String {
        var text = data.base64EncodedString()
        text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    /// The bytes of base64url text, padded or not; `nil` when it is not
    /// base64url.
    public static func decodeBase64URL(_ text: Substring) -> Data? {
        // base64url to base64, byte by byte (no string searching).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 3)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-"): bytes.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"): bytes.append(UInt8(ascii: "/"))
            default: bytes.append(byte)
            }
        }
        bytes += Array(repeating: UInt8(ascii: "="), count: (4 - bytes.count % 4) % 4)
        return Data(base64Encoded: Data(bytes))
    }
}
