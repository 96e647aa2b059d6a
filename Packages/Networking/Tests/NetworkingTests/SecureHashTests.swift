import Foundation
@_spi(NetworkingInternals) import Networking
import Testing

@Suite("SHA-256, HMAC-SHA256 and SHA-1")
struct SecureHashTests {
    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    @Test("FIPS 180-4 examples, and lengths around the padding boundary")
    func digests() {
        #expect(Self.hex(SecureHash.sha256([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            Self.hex(SecureHash.sha256(Array("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            Self.hex(SecureHash.sha256(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            Self.hex(SecureHash.sha256([UInt8](repeating: 0x61, count: 1_000_000)))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("SHA-1: FIPS 180-4's examples")
    func sha1() {
        #expect(Self.hex(SecureHash.sha1([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(Self.hex(SecureHash.sha1(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(
            Self.hex(SecureHash.sha1(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(
            Self.hex(SecureHash.sha1([UInt8](repeating: 0x61, count: 1_000_000)))
                == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    @Test("RFC 4231 test cases 1, 2 and 6 (a key longer than the block)")
    func hmac() {
        #expect(
            Self.hex(SecureHash.hmacSHA256(key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8)))
                == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(
            Self.hex(
                SecureHash.hmacSHA256(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(
            Self.hex(
                SecureHash.hmacSHA256(
                    key: [UInt8](repeating: 0xaa, count: 131),
                    message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
        #expect(SecureHash.constantTimeEqual([1, 2, 3], [1, 2, 3]))
        #expect(!SecureHash.constantTimeEqual([1, 2, 3], [1, 2, 4]))
        #expect(!SecureHash.constantTimeEqual([1, 2], [1, 2, 3]))
    }
}
