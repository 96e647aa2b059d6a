import Foundation

/// Writes stored values as the Firebase REST API answers them: objects whose
/// keys are all array indexes read back as arrays (Firebase's rule), keys in
/// Firebase's order, compact or pretty-printed the way `print=pretty` does.
enum FirebaseJSONWriter {
    /// The JSON text of `value`.
    static func data(_ value: JSONValue, pretty: Bool = false) -> Data {
        var output: [UInt8] = []
        write(value, to: &output, pretty: pretty, indent: 0)
        return Data(output)
    }

    /// The JSON text of `value` as a string.
    static func text(_ value: JSONValue) -> String {
        String(decoding: data(value), as: UTF8.self)
    }

    /// The elements of `members` as an array, if Firebase would send them
    /// as one: every key an array index (`0|[1-9]\d*`) and the largest below
    /// twice the count. Missing indexes become `null`.
    static func arrayElements(_ members: [String: JSONValue]) -> [JSONValue]? {
        guard !members.isEmpty else { return nil }
        var largest = 0
        for key in members.keys {
            guard let index = FirebaseKey.arrayIndex(key), index < 2 * members.count else { return nil }
            largest = max(largest, index)
        }
        var elements = [JSONValue](repeating: .null, count: largest + 1)
        for (key, member) in members {
            if let index = FirebaseKey.arrayIndex(key) { elements[index] = member }
        }
        return elements
    }

    /// `keys` in Firebase's key order, ties (`"-0"` and `"00"`) broken by
    /// bytes so that the output, and the ETag made from it, never varies.
    static func sortedKeys(_ keys: some Collection<String>) -> [String] {
        let keys = Array(keys)
        return sortedOrder(of: keys).map { keys[$0] }
    }

    /// The members of an object in Firebase's key order.
    private static func sortedMembers(_ members: [String: JSONValue]) -> [(key: String, value: JSONValue)] {
        let entries = Array(members)
        guard entries.count > 1 else { return entries }
        return sortedOrder(of: entries.map(\.key)).map { entries[$0] }
    }

    /// The positions of `keys` in key order. Sorting positions rather than
    /// the keys themselves moves integers, not strings, which is most of the
    /// cost of writing a large object.
    private static func sortedOrder(of keys: [String]) -> [Int] {
        let numbers = keys.map(FirebaseKey.int32Value)
        var order = Array(keys.indices)
        keys.withUnsafeBufferPointer { keys in
            numbers.withUnsafeBufferPointer { numbers in
                order.sort { precedes(keys[$0], numbers[$0], keys[$1], numbers[$1]) }
            }
        }
        return order
    }

    private static func precedes(_ lhs: String, _ lhsNumber: Int32?, _ rhs: String, _ rhsNumber: Int32?) -> Bool {
        switch (lhsNumber, rhsNumber) {
        case (let left?, let right?):
            if left != right { return left < right }
            if lhs.utf8.count != rhs.utf8.count { return lhs.utf8.count < rhs.utf8.count }
            return lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
        case (.some, nil):
            return true
        case (nil, .some):
            return false
        case (nil, nil):
            return FirebaseKey.compareUTF16(lhs, rhs) == .orderedAscending
        }
    }

    private static func write(_ value: JSONValue, to output: inout [UInt8], pretty: Bool, indent: Int) {
        switch value {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number):
            output.append(contentsOf: JSONValue.format(number).utf8)
        case .string(let text):
            writeString(text, to: &output)
        case .array(let elements):
            writeArray(elements, to: &output, pretty: pretty, indent: indent)
        case .object(let members):
            if let elements = arrayElements(members) {
                writeArray(elements, to: &output, pretty: pretty, indent: indent)
                return
            }
            output.append(UInt8(ascii: "{"))
            for (offset, member) in sortedMembers(members).enumerated() {
                startElement(offset, to: &output, pretty: pretty, indent: indent)
                writeString(member.key, to: &output)
                output.append(contentsOf: (pretty ? " : " : ":").utf8)
                write(member.value, to: &output, pretty: pretty, indent: indent + 1)
            }
            endContainer(count: members.count, to: &output, pretty: pretty, indent: indent)
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func writeArray(_ elements: [JSONValue], to output: inout [UInt8], pretty: Bool, indent: Int) {
        output.append(UInt8(ascii: "["))
        for (offset, element) in elements.enumerated() {
            startElement(offset, to: &output, pretty: pretty, indent: indent)
            write(element, to: &output, pretty: pretty, indent: indent + 1)
        }
        endContainer(count: elements.count, to: &output, pretty: pretty, indent: indent)
        output.append(UInt8(ascii: "]"))
    }

    private static func startElement(_ offset: Int, to output: inout [UInt8], pretty: Bool, indent: Int) {
        if offset > 0 { output.append(UInt8(ascii: ",")) }
        if pretty {
            output.append(UInt8(ascii: "\n"))
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: (indent + 1) * 2))
        }
    }

    private static func endContainer(count: Int, to output: inout [UInt8], pretty: Bool, indent: Int) {
        if pretty, count > 0 {
            output.append(UInt8(ascii: "\n"))
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
        }
    }

    private static func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings need no escaping: copy them whole.
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                return false
            }
            output.append(contentsOf: bytes)
            return true
        }
        if copied == true {
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
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
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
