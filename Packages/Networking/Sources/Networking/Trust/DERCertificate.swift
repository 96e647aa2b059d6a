/// Just enough of a DER-encoded X.509 certificate to find its
/// SubjectPublicKeyInfo, the part a public-key pin hashes.
///
/// It reads untrusted bytes (a server's certificate), so every length is
/// checked against what is left, nesting goes two levels deep and no more,
/// and anything unexpected ends the walk with nil (`Fuzz/DERCertificate`).
struct DERCertificate {
    private let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The SubjectPublicKeyInfo's whole encoding (its tag and length
    /// included), or nil when the bytes are not a certificate.
    ///
    /// Certificate ::= SEQUENCE { tbsCertificate SEQUENCE { [0] version
    /// OPTIONAL, serialNumber, signature, issuer, validity, subject,
    /// subjectPublicKeyInfo, … }, … } (RFC 5280 §4.1).
    var subjectPublicKeyInfo: [UInt8]? {
        guard let certificate = element(at: 0, in: 0..<bytes.count), certificate.tag == 0x30,
            let tbs = element(at: certificate.content.lowerBound, in: certificate.content), tbs.tag == 0x30
        else { return nil }
        var offset = tbs.content.lowerBound
        var index = 0
        while let field = element(at: offset, in: tbs.content) {
            // The explicit version is optional; the key is the sixth field after it.
            if offset == tbs.content.lowerBound, field.tag == 0xA0 {
                offset = field.whole.upperBound
                continue
            }
            if index == 5 {
                return field.tag == 0x30 ? Array(bytes[field.whole]) : nil
            }
            index += 1
            offset = field.whole.upperBound
        }
        return nil
    }

    private struct Element {
        var tag: UInt8
        var whole: Range<Int>
        var content: Range<Int>
    }

    /// The element that starts at `offset`, if it fits inside `bounds`.
    private func element(at offset: Int, in bounds: Range<Int>) -> Element? {
        guard offset >= bounds.lowerBound, bounds.upperBound - offset >= 2 else { return nil }
        let tag = bytes[offset]
        let first = Int(bytes[offset + 1])
        var cursor = offset + 2
        var length = 0
        if first < 0x80 {
            length = first
        } else {
            // Long form: at most four length bytes, so the sum cannot overflow.
            let count = first & 0x7F
            guard (1...4).contains(count), bounds.upperBound - cursor >= count else { return nil }
            for byte in bytes[cursor..<cursor + count] {
                length = length << 8 | Int(byte)
            }
            cursor += count
        }
        guard length <= bounds.upperBound - cursor else { return nil }
        return Element(tag: tag, whole: offset..<cursor + length, content: cursor..<cursor + length)
    }
}
