import Foundation
import Networking
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// TLS failures as each platform reports them, mapped to
/// `NetworkError.tlsFailed` with their reason (the real handshakes are in
/// the integration tests' `TLSTrustTests`), and the certificates and pins
/// of `ServerTrust`.
@Suite("TLS failures and server trust")
struct TLSFailureTests {
    let request = TransportRequest(method: .get, url: URL(string: "https://api.example.com:8443/a?key=zzz")!)

    func mapped(_ code: URLError.Code, _ text: String? = nil) -> NetworkError {
        let error = URLError(code, userInfo: text.map { [NSLocalizedDescriptionKey: $0] } ?? [:])
        return NetworkError(transportError: error, request: request)
    }

    @Test("Apple platforms' certificate codes are tlsFailed with their reason")
    func appleCodes() {
        let expected: [(URLError.Code, TLSFailure.Reason)] = [
            (.serverCertificateUntrusted, .untrustedIssuer), (.serverCertificateHasUnknownRoot, .untrustedIssuer),
            (.serverCertificateHasBadDate, .expired), (.serverCertificateNotYetValid, .notYetValid),
            (.secureConnectionFailed, .handshakeFailed),
        ]
        for (code, reason) in expected {
            guard case .tlsFailed(let failure) = mapped(code) else {
                Issue.record("\(code) is not tlsFailed")
                continue
            }
            #expect(failure.reason == reason)
            #expect(failure.host == "api.example.com")
            #expect((failure.underlying as? URLError)?.code == code)
        }
    }

    /// libcurl's own words for each refusal (OpenSSL 1.1 and 3 spell
    /// "self-signed" differently), as FoundationNetworking passes them on
    /// with code -1.
    static let libcurlRefusals: [(String, TLSFailure.Reason)] = [
        ("SSL certificate problem: unable to get local issuer certificate", .untrustedIssuer),
        ("SSL certificate problem: certificate has expired", .expired),
        ("SSL certificate problem: certificate is not yet valid", .notYetValid),
        ("SSL certificate problem: self-signed certificate", .selfSigned),
        ("SSL certificate problem: self signed certificate", .selfSigned),
        ("SSL certificate problem: self-signed certificate in certificate chain", .untrustedIssuer),
        ("SSL: no alternative certificate subject name matches target host name '127.0.0.2'", .hostnameMismatch),
        ("OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to 127.0.0.1:8443 ", .handshakeFailed),
    ]

    @Test("FoundationNetworking's libcurl messages are tlsFailed with their reason", arguments: libcurlRefusals)
    func libcurlMessages(text: String, reason: TLSFailure.Reason) {
        // The initialiser is failable on Linux only; the annotation compiles on both.
        let unknown: URLError.Code? = URLError.Code(rawValue: -1)
        guard case .tlsFailed(let failure) = mapped(unknown ?? .unknown, text) else {
            Issue.record("\(text) is not tlsFailed")
            return
        }
        #expect(failure.reason == reason)
    }

    @Test("A TLS failure is a sentence naming the host and what to do, and hides its underlying error")
    func sentence() {
        let failure = TLSFailure(
            host: "api.example.com", reason: .expired,
            underlying: URLError(.serverCertificateHasBadDate, userInfo: [NSURLErrorFailingURLErrorKey: "secret"]))
        #expect(failure.description.hasPrefix("The secure connection to api.example.com was refused: its certificate"))
        #expect(!failure.description.contains("secret"))
        #expect(NetworkError.tlsFailed(failure).description == failure.description)
        // Compared without the underlying error.
        #expect(failure == TLSFailure(host: "api.example.com", reason: .expired))
    }

    @Test("A transport failure keeps its underlying error, out of its description and equality")
    func transportUnderlying() {
        guard case .transportFailed(let failure) = mapped(.badServerResponse, "weird") else {
            Issue.record("expected transportFailed")
            return
        }
        #expect((failure.underlying as? URLError)?.code == .badServerResponse)
        #expect(failure == TransportFailure(domain: failure.domain, code: failure.code, message: failure.message))
    }

    @Test("Certificates load from DER and PEM; broken ones are refused, not trapped on")
    func certificates() throws {
        // A minimal certificate shape: SEQUENCE { SEQUENCE { version, serial,
        // signature, issuer, validity, subject, SubjectPublicKeyInfo } }.
        let key: [UInt8] = [0x30, 0x03, 0x02, 0x01, 0x07]
        let tbs: [UInt8] =
            [0xA0, 0x03, 0x02, 0x01, 0x02] + [0x02, 0x01, 0x01] + [0x30, 0x00] + [0x30, 0x00] + [0x30, 0x00]
            + [0x30, 0x00] + key
        let der: [UInt8] = [0x30, UInt8(tbs.count + 2), 0x30, UInt8(tbs.count)] + tbs
        let certificate = try ServerTrust.Certificate(der: der)
        #expect(certificate.publicKeyPin == ServerTrust.PublicKeyPin(sha256: SecureHash.sha256(key)))
        let pem = "junk\n-----BEGIN CERTIFICATE-----\n\(Data(der).base64EncodedString())\n-----END CERTIFICATE-----\n"
        #expect(try ServerTrust.Certificate.pem(pem + pem) == [certificate, certificate])
        for broken in [[], [0x30], [0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF], Array(der.dropLast()), [0x30, 0x80]]
            as [[UInt8]]
        {
            #expect(throws: NetworkError.self) { try ServerTrust.Certificate(der: broken) }
        }
        #expect(throws: NetworkError.self) { try ServerTrust.Certificate.pem("-----BEGIN CERTIFICATE-----\nAAAA") }
    }

    @Test("Trust is built by value: authorities, system or not, and pins per host, case-insensitive")
    func trust() {
        let pin = ServerTrust.PublicKeyPin(sha256: Array(repeating: 7, count: 32))
        let trust = ServerTrust.system.pinning("API.Example.com", to: [pin])
        #expect(trust.pins(for: "api.example.com") == [pin])
        #expect(trust.pins(for: "other.example.com") == nil)
        #expect(!trust.isSystem && ServerTrust.system.isSystem)
        #expect(ServerTrust.certificateAuthorities([], includingSystem: false).includesSystemAuthorities == false)
        #expect(pin.description == "sha256/" + Data(pin.sha256).base64EncodedString())
        #expect(ServerTrust.PublicKeyPin(base64: pin.description) == pin)
        #expect(ServerTrust.PublicKeyPin(base64: "AAAA") == nil)
    }
}
