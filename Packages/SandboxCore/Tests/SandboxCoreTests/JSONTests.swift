import Foundation
import Networking
import Testing

@testable import SandboxCore

@Suite("JSON")
struct JSONTests {
    @Test("Parses every JSON type and serializes it back with sorted keys")
    func roundTrip() throws {
        let text = #"{"b":[1,2.5,-3e2,true,false,null],"a":"é\n\"\u00e9\ud83d\ude00","c":{}}"#
        let value = try JSON.parse(text)
        #expect(value["b"] == [1, 2.5, -300, true, false, nil])
        #expect(value["a"]?.stringValue == "é\n\"é😀")
        #expect(value.jsonText == #"{"a":"é\n\"é😀","b":[1,2.5,-300,true,false,null],"c":{}}"#)
    }

    @Test("Numbers keep their value; integers print without a fraction")
    func numbers() throws {
        #expect(try JSON.parse("5.55405872056162E8") == .number(555_405_872.056162))
        #expect(JSON.number(1_462_903_624.5).jsonText == "1462903624.5")
        #expect(JSON.number(3).jsonText == "3")
        #expect(JSON.number(-0.000001).jsonText == "-1e-06")
    }

    @Test("Pretty printing indents two spaces per level")
    func pretty() {
        let value: JSON = ["a": [1, ["b": nil]]]
        #expect(
            String(decoding: value.serialized(pretty: true), as: UTF8.self)
                == "{\n  \"a\" : [\n    1,\n    {\n      \"b\" : null\n    }\n  ]\n}")
    }

    @Test("Output past the first buffer grows, compact and pretty, and reads back the same", arguments: [false, true])
    func longOutput(pretty: Bool) throws {
        // Keys and values that need escaping, non-ASCII text, and a long
        // string written in one piece: thousands of bytes, many growths.
        var members: [String: JSON] = [:]
        for index in 0..<300 {
            members["k\(index)\"\u{1}é"] = [
                "text": .string(String(repeating: "ab😀\n", count: index)), "n": .number(Double(index)),
            ]
        }
        let value = JSON.object(members)
        let data = value.serialized(pretty: pretty)
        #expect(data.count > 100_000)
        #expect(try JSON.parse(String(decoding: data, as: UTF8.self)) == value)
        #expect(JSON.string("").serialized() == Data(#""""#.utf8))
    }

    @Test(
        "Rejects what is not strict JSON, saying where",
        arguments: [
            "", "{", "[1,]", "{\"a\":1,}", "{'a':1}", "01", "1.", "nul", "\"\u{01}\"", "[1] x", "{\"a\" 1}",
            "\"\\ud800\"",
        ]
    )
    func rejects(text: String) {
        #expect(throws: JSONParseError.self) { try JSON.parse(text) }
    }

    @Test("Deep nesting is refused instead of exhausting the stack")
    func depth() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSON.parse(deep) }
        #expect(
            try JSON.parse(String(repeating: "[", count: 40) + String(repeating: "]", count: 40), maxDepth: 40)
                .depth == 40)
    }
}
