/// Percent-encoding for path segments and query names and values.
///
/// Only RFC 3986's unreserved characters (`A-Z a-z 0-9 - . _ ~`) stay as they
/// are. That is stricter than `URLComponents`, which leaves `+`, `&`, `=`, `/`
/// and `?` alone in query values; servers then read a literal `+` as a space
/// and a value's `&` as the start of the next item.
enum PercentEncoding {
    static func encode(_ string: String) -> String {
        var encoded = [UInt8]()
        encoded.reserveCapacity(string.utf8.count)
        for byte in string.utf8 {
            if isUnreserved(byte) {
                encoded.append(byte)
            } else {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(hexDigits[Int(byte >> 4)])
                encoded.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// Encodes query items as `name=value&…`.
    static func encode(_ items: [QueryItem]) -> String {
        items.map { item in
            guard let value = item.value else { return encode(item.name) }
            return encode(item.name) + "=" + encode(value)
        }
        .joined(separator: "&")
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
