import Foundation

extension JSON {
    /// How a serializer lays out objects: in which order their members are
    /// written, and whether an object is written as an array instead.
    ///
    /// The default sorts keys so the same value always gives the same bytes;
    /// the Firebase emulator supplies Firebase's key order and its rule that
    /// objects keyed by array indexes read back as arrays.
    public struct ObjectLayout: Sendable {
        /// Hands an object's members to `body`, in the order they are
        /// written. A visitor rather than a list, so a layout can order a
        /// small object without allocating one.
        public var members: @Sendable (_ members: [String: JSON], _ body: (String, JSON) -> Void) -> Void
        /// The elements to write instead of the object, or `nil`.
        public var elements: @Sendable ([String: JSON]) -> [JSON]?

        /// A layout with its member order and its arrays.
        public init(
            members: @escaping @Sendable (_ members: [String: JSON], _ body: (String, JSON) -> Void) -> Void,
            elements: @escaping @Sendable ([String: JSON]) -> [JSON]?
        ) {
            self.members = members
            self.elements = elements
        }

        /// Keys sorted by their UTF-8 bytes; objects stay objects.
        public static let sortedKeys = ObjectLayout(
            members: { members, body in
                for (key, value) in members.sorted(by: { $0.key < $1.key }) { body(key, value) }
            },
            elements: { _ in nil }
        )
    }

    /// The value as JSON text: compact, or indented two spaces per level the
    /// way Firebase's `print=pretty` answers. Object keys are sorted, so the
    /// same value always gives the same bytes.
    public func serialized(pretty: Bool = false) -> Data {
        serialized(pretty: pretty, layout: .sortedKeys)
    }

    /// The value as a compact JSON string.
    public var jsonText: String {
        String(decoding: serialized(), as: UTF8.self)
    }

    /// The value as JSON text with objects laid out by `layout`.
    public func serialized(pretty: Bool, layout: ObjectLayout) -> Data {
        var writer = JSONWriter(pretty: pretty, layout: layout)
        writer.write(self, indent: 0)
        return writer.output.data()
    }

    /// Integers print without a fraction (`3`, not `3.0`); everything else
    /// prints Swift's shortest round-tripping form.
    public static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))  // safe: a whole number below 1e15
        }
        return value.description
    }
}

extension JSON: CustomStringConvertible, CustomDebugStringConvertible {
    /// The value as compact JSON text with sorted keys, so `print(json)`
    /// and string interpolation show JSON, not the enum's cases.
    public var description: String {
        jsonText
    }

    /// The same JSON text as ``description``.
    public var debugDescription: String {
        jsonText
    }
}

/// Writes JSON text into a byte buffer.
private struct JSONWriter: ~Copyable {
    let pretty: Bool
    let layout: JSON.ObjectLayout
    var output = JSONOutput()

    mutating func write(_ value: JSON, indent: Int) {
        switch value {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number):
            output.append(contentsOf: JSON.format(number).utf8)
        case .string(let text):
            writeString(text)
        case .array(let elements):
            writeArray(elements, indent: indent)
        case .object(let members):
            if let elements = layout.elements(members) {
                writeArray(elements, indent: indent)
                return
            }
            output.append(UInt8(ascii: "{"))
            var offset = 0
            layout.members(members) { key, value in
                startElement(offset, indent: indent)
                writeString(key)
                output.append(contentsOf: (pretty ? " : " : ":").utf8)
                write(value, indent: indent + 1)
                offset += 1
            }
            endContainer(count: offset, indent: indent)
            output.append(UInt8(ascii: "}"))
        }
    }

    private mutating func writeArray(_ elements: [JSON], indent: Int) {
        output.append(UInt8(ascii: "["))
        for (offset, element) in elements.enumerated() {
            startElement(offset, indent: indent)
            write(element, indent: indent + 1)
        }
        endContainer(count: elements.count, indent: indent)
        output.append(UInt8(ascii: "]"))
    }

    private mutating func startElement(_ offset: Int, indent: Int) {
        if offset > 0 { output.append(UInt8(ascii: ",")) }
        if pretty {
            output.append(UInt8(ascii: "\n"))
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: (indent + 1) * 2))
        }
    }

    private mutating func endContainer(count: Int, indent: Int) {
        if pretty, count > 0 {
            output.append(UInt8(ascii: "\n"))
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
        }
    }

    private mutating func writeString(_ text: String) {
        output.append(UInt8(ascii: "\""))
        // Most strings need no escaping: copy them whole.
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                return false
            }
            output.append(contentsOf: bytes)
            return true
        }
        if copied != true {
            for byte in text.utf8 {
                appendEscaped(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
        case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
        case UInt8(ascii: "\n"): output.append(contentsOf: #"\n"#.utf8)
        case UInt8(ascii: "\r"): output.append(contentsOf: #"\r"#.utf8)
        case UInt8(ascii: "\t"): output.append(contentsOf: #"\t"#.utf8)
        case 0..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            output.append(contentsOf: #"\u00"#.utf8)
            output.append(hex[Int(byte >> 4)])
            output.append(hex[Int(byte & 0x0F)])
        default:
            output.append(byte)
        }
    }
}
