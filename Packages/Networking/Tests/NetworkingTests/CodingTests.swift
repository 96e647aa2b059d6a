import Foundation
import Networking
import Testing

@Suite("JSON coding helpers")
struct CodingTests {
    @Test("ISO-8601 dates are read strictly")
    func iso8601() {
        #expect(ISO8601.date(from: "2015-02-10T20:57:11.000Z") == Date(timeIntervalSince1970: 1_423_601_831))
        #expect(ISO8601.date(from: "2010-06-21T09:29:32-06:00") == Date(timeIntervalSince1970: 1_277_134_172))
        #expect(ISO8601.date(from: "2024-02-29T00:00:00Z") != nil)
        for bad in [
            "2023-02-29T00:00:00Z", "2010-06-21 15:29:32Z", "2010-06-21T15:29:32", "2010-13-01T00:00:00Z",
            "2010-06-21T15:29:32.Z", "",
        ] {
            #expect(ISO8601.date(from: bad) == nil, "\(bad)")
        }
    }

    @Test("ISO-8601 round-trips, with milliseconds when asked")
    func iso8601Writing() {
        let date = Date(timeIntervalSince1970: 1_423_601_831)
        #expect(ISO8601.string(from: date, fractionalSeconds: true) == "2015-02-10T20:57:11.000Z")
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: 1_277_134_172)) == "2010-06-21T15:29:32Z")
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        for seconds in stride(from: -3_000_000_000.0, to: 5_000_000_000, by: 86_399_937) {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(ISO8601.date(from: ISO8601.string(from: date)) == date)
        }
    }

    @Test("JSON prints as compact JSON text with sorted keys, not as its enum cases")
    func jsonDescription() {
        let value: JSON = ["b": [1, 2.5, .null, true], "a": "say \"hi\"\n", "c": ["x": .null]]
        #expect(value.description == #"{"a":"say \"hi\"\n","b":[1,2.5,null,true],"c":{"x":null}}"#)
        #expect("\(value)" == value.description)
        #expect(String(reflecting: value) == value.description)
        #expect(JSON.number(3).description == "3")
        #expect(JSON.string("é/ü").description == #""é/ü""#)
    }

    @Test("Server messages are read from the shapes JSON APIs share, HTML titles and plain text, nothing API-specific")
    func serverMessages() {
        func parse(_ text: String) -> ServerMessage? { ServerMessage.parse(Data(text.utf8)) }
        #expect(parse(#"{"error" : "Permission denied"}"#) == ServerMessage(code: nil, message: "Permission denied"))
        #expect(parse(#"{"error":"NOT_FOUND"}"#) == ServerMessage(code: nil, message: "NOT_FOUND"))
        #expect(
            parse(#"{"error":{"code":404,"message":"Requested entity was not found."}}"#)
                == ServerMessage(code: "404", message: "Requested entity was not found."))
        #expect(
            parse(#"{"stat":"fail","code":100,"message":"Invalid API Key (Key has invalid format)"}"#)
                == ServerMessage(code: "100", message: "Invalid API Key (Key has invalid format)"))
        #expect(
            parse("<html><title> 502 Bad Gateway </title></html>")
                == ServerMessage(code: nil, message: "502 Bad Gateway"))
        #expect(
            parse("\n  Service Unavailable\nretry later") == ServerMessage(code: nil, message: "Service Unavailable"))
        #expect(parse(String(repeating: "x", count: 500))?.message.count == 200)
        // An API's own shape is its client's to read: Airtable's `type`.
        #expect(parse(#"{"error":{"type":"NOT_FOUND"}}"#) == nil)
        #expect(parse(#"[1,2]"#) == nil)
        #expect(parse(#"{"error": "cut sh"#) == nil)
        #expect(parse("\u{1}\u{2}binary") == nil)
        #expect(parse("") == nil)
    }
}
