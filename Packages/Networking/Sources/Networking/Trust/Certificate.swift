import Foundation

extension ServerTrust {
    /// An X.509 certificate, kept as its DER bytes.
    public struct Certificate: Sendable, Hashable, CustomStringConvertible {
        /// The certificate's DER encoding.
        public let der: [UInt8]

        /// A certificate from its DER bytes (a `.cer` or `.der` file).
        ///
        /// - Throws: ``NetworkError/unsupportedConfiguration(_:)`` when the
        ///   bytes are not a certificate's outer structure.
        public init(der: some Collection<UInt8>) throws(NetworkError) {
            let bytes = Array(der)
            guard DERCertificate(bytes).subjectPublicKeyInfo != nil else {
                throw .unsupportedConfiguration("The bytes given as a DER certificate are not one.")
            }
            self.der = bytes
        }

        /// Every certificate in PEM text (`-----BEGIN CERTIFICATE-----`
        /// blocks, as a `.pem` or `.crt` file holds them), in order.
        ///
        /// - Throws: ``NetworkError/unsupportedConfiguration(_:)`` when the
        ///   text holds no certificate, or a block is not one.
        public static func pem(_ text: String) throws(NetworkError) -> [Certificate] {
            let begin = "-----BEGIN CERTIFICATE-----"
            let end = "-----END CERTIFICATE-----"
            var certificates: [Certificate] = []
            var rest = Substring(text)
            while let start = rest.range(of: begin) {
                guard let stop = rest[start.upperBound...].range(of: end) else {
                    throw .unsupportedConfiguration("A PEM certificate block has no END line.")
                }
                let body = rest[start.upperBound..<stop.lowerBound]
                guard let bytes = Data(base64Encoded: String(body), options: .ignoreUnknownCharacters) else {
                    throw .unsupportedConfiguration("A PEM certificate block is not base64.")
                }
                certificates.append(try Certificate(der: bytes))
                rest = rest[stop.upperBound...]
            }
            guard !certificates.isEmpty else {
                throw .unsupportedConfiguration("The PEM text holds no certificate.")
            }
            return certificates
        }

        /// Every certificate in a PEM file, or the one in a DER file.
        ///
        /// - Throws: ``NetworkError/fileFailed(_:)`` when the file cannot be
        ///   read, ``NetworkError/unsupportedConfiguration(_:)`` when it holds
        ///   no certificate.
        public static func certificates(contentsOf file: URL) throws(NetworkError) -> [Certificate] {
            let data: Data
            do {
                data = try Data(contentsOf: file)
            } catch {
                throw FileFailure.reading(file, FileFailure.reason(of: error))
            }
            if let text = String(data: data, encoding: .utf8), text.contains("-----BEGIN") {
                return try pem(text)
            }
            return [try Certificate(der: data)]
        }

        /// The pin of the certificate's public key: the SHA-256 of its
        /// SubjectPublicKeyInfo (RFC 7469), as `openssl x509 -pubkey | openssl
        /// pkey -pubin -outform der | openssl dgst -sha256` computes it.
        public var publicKeyPin: PublicKeyPin {
            // `init(der:)` checked that the structure is there.
            PublicKeyPin(sha256: SecureHash.sha256(DERCertificate(der).subjectPublicKeyInfo ?? []))
        }

        /// The certificate's size and pin; never its bytes.
        public var description: String {
            "Certificate(\(der.count) bytes, \(publicKeyPin))"
        }
    }
}
