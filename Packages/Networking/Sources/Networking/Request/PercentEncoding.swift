import Foundation

/// Percent-encoding for path segments and query names and values, and its
/// decoding, on UTF-8 bytes.
///
/// Only RFC 3986's unreserved characters (`A-Z a-z 0-9 - . _ ~`) stay as they
/// are. That is stricter than `URLComponents`, which leaves `+`, `&`, `=`, `/`
/// and `?` alone in query values; servers then read a literal `+` as a space
/// and a value's `&` as the start of the next item.
///
/// Decoding is public because servers need it on every request (the
/// Sandbox decodes every path segment and query item it answers), and
/// Foundation's `removingPercentEncoding` goes through `NSString` on Linux.
///
/// ```swift
/// PercentEncoding.decode("Design%20projects")  // "Design projects"
/// PercentEncoding.decode("100%")                // nil: not valid percent-encoding
/// ```
public enum PercentEncoding {
    static func encode(_ string: String) -> String {
        // Most names and values need nothing: hand them back uncopied.
        if string.utf8.allSatisfy(isUnreserved) {
            return string
        }
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

    /// Encodes one query item as `name=value`, or `name` without a value.
    static func encode(_ item: QueryItem) -> String {
        guard let value = item.value else { return encode(item.name) }
        return encode(item.name) + "=" + encode(value)
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

    /// `text` with every `%XX` decoded, as `removingPercentEncoding` does: `nil`
    /// when a `%` is not followed by two hex digits or the decoded bytes are
    /// not UTF-8. Text without a `%` comes back as it is, without decoding.
    public static func decode(_ text: Substring) -> String? {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        return percentDecoded(Array(text.utf8))
    }

    /// `+` becomes a space, then `%XX` sequences are decoded; see
    /// ``QueryItem/formDecoded(_:)``.
    ///
    /// It works on the UTF-8 bytes because the Sandbox runs it for every
    /// query item of every request it answers: Foundation's
    /// `replacingOccurrences` and `removingPercentEncoding` go through
    /// `NSString` on Linux, and showed at the top of the server's profile.
    static func formDecode(_ text: Substring) -> String {
        let plus = UInt8(ascii: "+")
        let percent = UInt8(ascii: "%")
        guard text.utf8.contains(where: { $0 == plus || $0 == percent }) else { return String(text) }
        let spaced = text.utf8.map { $0 == plus ? UInt8(ascii: " ") : $0 }
        guard spaced.contains(percent) else { return String(decoding: spaced, as: UTF8.self) }
        return percentDecoded(spaced) ?? String(decoding: spaced, as: UTF8.self)
    }

    /// The bytes with every `%XX` decoded, or `nil` when a `%` is not
    /// followed by two hex digits or the result is not UTF-8.
    private static func percentDecoded(_ bytes: [UInt8]) -> String? {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "%") else {
                decoded.append(byte)
                index += 1
                continue
            }
            guard index + 2 < bytes.endIndex, let high = hexDigitValue(bytes[index + 1]),
                let low = hexDigitValue(bytes[index + 2])
            else { return nil }
            decoded.append(high << 4 | low)
            index += 3
        }
        return String(bytes: decoded, encoding: .utf8)
    }

    /// The value of one hex digit (`0`–`9`, `a`–`f`, `A`–`F`), or `nil`:
    /// what each of the two digits after a `%` must be.
    public static func hexDigitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
