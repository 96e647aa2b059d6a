#if canImport(Security)
    import Foundation
    import Security

    /// Apple platforms' half of ``ServerTrust``: the session delegate's
    /// answer to a server-trust challenge. (FoundationNetworking raises no
    /// such challenge, which is why a transport there accepts only
    /// ``ServerTrust/system``.)
    enum ServerTrustEvaluation {
        /// Why the server's chain must be refused under `trust`, or nil to accept it.
        static func refusal(of serverTrust: SecTrust, host: String, trust: ServerTrust) -> TLSFailure.Reason? {
            if !trust.certificateAuthorities.isEmpty {
                let anchors = trust.certificateAuthorities.compactMap {
                    SecCertificateCreateWithData(nil, Data($0.der) as CFData)
                }
                SecTrustSetAnchorCertificates(serverTrust, anchors as CFArray)
                SecTrustSetAnchorCertificatesOnly(serverTrust, !trust.includesSystemAuthorities)
            }
            SecTrustSetPolicies(serverTrust, SecPolicyCreateSSL(true, host as CFString))
            var error: CFError?
            guard SecTrustEvaluateWithError(serverTrust, &error) else {
                return reason(of: error)
            }
            guard let pins = trust.pins(for: host) else { return nil }
            let chain = (SecTrustCopyCertificateChain(serverTrust) as? [SecCertificate]) ?? []
            let matches = chain.contains { certificate in
                let der = Array(SecCertificateCopyData(certificate) as Data)
                guard let key = DERCertificate(der).subjectPublicKeyInfo else { return false }
                return pins.contains(ServerTrust.PublicKeyPin(sha256: SecureHash.sha256(key)))
            }
            return matches ? nil : .pinMismatch
        }

        /// The reason for the Security framework's error code.
        private static func reason(of error: CFError?) -> TLSFailure.Reason {
            guard let error else { return .untrustedIssuer }
            switch OSStatus(clamping: CFErrorGetCode(error)) {
            case errSecCertificateExpired: return .expired
            case errSecCertificateNotValidYet: return .notYetValid
            case errSecHostNameMismatch: return .hostnameMismatch
            default: return .untrustedIssuer
            }
        }
    }
#endif
