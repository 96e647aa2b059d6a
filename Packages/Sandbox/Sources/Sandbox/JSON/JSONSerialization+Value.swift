import Foundation

extension JSONValue {
    /// The value as JSON text: compact, or indented two spaces per level the
    /// way Firebase's `print=pretty` answers. Object keys are sorted, so the
    /// same value always gives the same bytes.
    public func serialized(pretty: Bool = false) -> Data {
        var output: [UInt8] = []
        write(to: &output, pretty: pretty, indent: 0)
        return Data(output)
    }

    /// The value as a compact JSON string.
    public var jsonText: String {
        String(decoding: serialized(), as: UTF8.self)
    }

    private func write(to output: inout [UInt8], pretty: Bool, indent: Int) {
        switch self {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let value):
            output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value):
            output.append(contentsOf: Self.format(value).utf8)
        case .string(let text):
            Self.writeString(text, to: &output)
        case .array(let elements):
            writeContainer(
                open: "[", close: "]", count: elements.count, to: &output, pretty: pretty, indent: indent
            ) { output, offset in
                elements[offset].write(to: &output, pretty: pretty, indent: indent + 1)
            }
        case .object(let members):
            let keys = members.keys.sorted()
            writeContainer(
                open: "{", close: "}", count: keys.count, to: &output, pretty: pretty, indent: indent
            ) { output, offset in
                Self.writeString(keys[offset], to: &output)
                output.append(contentsOf: (pretty ? " : " : ":").utf8)
                members[keys[offset], default: .null].write(to: &output, pretty: pretty, indent: indent + 1)
            }
        }
    }

    private func writeContainer(
        open: Unicode.Scalar,
        close: Unicode.Scalar,
        count: Int,
        to output: inout [UInt8],
        pretty: Bool,
        indent: Int,
        element: (inout [UInt8], Int) -> Void
    ) {
        output.append(UInt8(ascii: open))
        for offset in 0..<count {
            if offset > 0 { output.append(UInt8(ascii: ",")) }
            if pretty {
                output.append(UInt8(ascii: "\n"))
                output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: (indent + 1) * 2))
            }
            element(&output, offset)
        }
        if pretty, count > 0 {
            output.append(UInt8(ascii: "\n"))
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
        }
        output.append(UInt8(ascii: close))
    }

    /// Integers print without a fraction (`3`, not `3.0`); everything else
    /// prints Swift's shortest round-tripping form.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    private static func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\n"): output.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\r"): output.append(contentsOf: #"\r"#.utf8)
            case UInt8(ascii: "\t"): output.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20: output.append(contentsOf: String(format: "\\u%04x", byte).utf8)
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
