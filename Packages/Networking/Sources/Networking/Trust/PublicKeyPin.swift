import Foundation

extension ServerTrust {
    /// The SHA-256 of a certificate's SubjectPublicKeyInfo, the pin of RFC
    /// 7469 (HPKP's `pin-sha256`, Alamofire's `PublicKeysTrustEvaluator`,
    /// OkHttp's `CertificatePinner`).
    public struct PublicKeyPin: Sendable, Hashable, CustomStringConvertible {
        /// The 32 bytes of the digest.
        public let sha256: [UInt8]

        /// A pin from its 32 digest bytes.
        public init(sha256: [UInt8]) {
            self.sha256 = sha256
        }

        /// A pin from its base64 text, with or without OkHttp's `sha256/`
        /// prefix; nil unless it is 32 bytes of base64.
        public init?(base64: String) {
            let text = base64.hasPrefix("sha256/") ? String(base64.dropFirst(7)) : base64
            guard let bytes = Data(base64Encoded: text), bytes.count == 32 else { return nil }
            self.sha256 = Array(bytes)
        }

        /// `sha256/` and the digest in base64, as pins are written.
        public var description: String {
            "sha256/" + Data(sha256).base64EncodedString()
        }
    }
}
