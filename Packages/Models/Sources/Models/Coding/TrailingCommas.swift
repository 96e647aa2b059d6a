import Foundation

/// Removes trailing commas (`[1, 2,]`, `{"a": 1,}`) from JSON text.
///
/// The real Bankey server wrote its files that way. Some JSON parsers accept
/// them (swift-foundation's does), others reject them. The Bankey decoders
/// (`TolerantJSON`) retry a failed decode once with the commas removed, so
/// the result is the same on every platform; `NetworkClient` itself decodes
/// every other API's JSON as it is. Commas inside strings are left alone.
/// It lives here, beside the one API that needs it, not in `Networking`.
public enum TrailingCommas {
    /// The JSON text with every comma that precedes only whitespace and a
    /// closing `]` or `}` removed; `nil` if there was none.
    public static func removed(from data: Data) -> Data? {
        var output = [UInt8]()
        var inString = false
        var escaped = false
        var pendingComma: Int?
        var changed = false
        output.reserveCapacity(data.count)
        for byte in data {
            if inString {
                output.append(byte)
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: ","):
                pendingComma = output.count
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if let comma = pendingComma {
                    output.remove(at: comma)
                    changed = true
                }
                pendingComma = nil
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                break
            default:
                pendingComma = nil
                if byte == UInt8(ascii: "\"") {
                    inString = true
                }
            }
            output.append(byte)
        }
        return changed ? Data(output) : nil
    }
}
