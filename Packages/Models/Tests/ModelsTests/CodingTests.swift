import Foundation
import Models
import Networking
import Testing

@Suite("Lesson coding helpers: date strategies and lossy collections")
struct CodingTests {
    struct Stamped: Decodable {
        let date: Date
    }

    func decode(_ json: String, _ strategy: JSONDecoder.DateDecodingStrategy) throws -> Date {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = strategy
        return try decoder.decode(Stamped.self, from: Data(json.utf8)).date
    }

    @Test("ISO-8601 with and without fractional seconds")
    func iso8601Flexible() throws {
        #expect(
            try decode(#"{"date":"2015-02-10T20:57:11.000Z"}"#, .iso8601Flexible)
                == Date(timeIntervalSince1970: 1_423_601_831))
        #expect(
            try decode(#"{"date":"2010-06-21T15:29:32Z"}"#, .iso8601Flexible)
                == Date(timeIntervalSince1970: 1_277_134_172))
        #expect(
            try decode(#"{"date":"2010-06-21T09:29:32-06:00"}"#, .iso8601Flexible)
                == Date(timeIntervalSince1970: 1_277_134_172))
        #expect(
            try decode(#"{"date":"2010-06-21T15:29:32.25+0000"}"#, .iso8601Flexible)
                == Date(timeIntervalSince1970: 1_277_134_172.25))
        #expect(throws: DecodingError.self) { try decode(#"{"date":"June 21"}"#, .iso8601Flexible) }
    }

    @Test("Seconds since 1970 (Post) and since 2001 (Message Board)")
    func epochs() throws {
        #expect(
            try decode(#"{"date":1462903624.5}"#, .secondsSince1970) == Date(timeIntervalSince1970: 1_462_903_624.5))
        let message = try decode(#"{"date":5.55405872056162E8}"#, .deferredToDate)
        #expect(ISO8601.string(from: message) == "2018-08-08T07:24:32Z")
    }

    @Test("A fixed format in an explicit time zone, whatever the device's settings")
    func fixedFormat() throws {
        let utc = try decode(
            #"{"date":"2017-01-01 12:32:06"}"#,
            .fixedFormat("yyyy-MM-dd HH:mm:ss", timeZone: TimeZone(identifier: "UTC")!))
        #expect(ISO8601.string(from: utc) == "2017-01-01T12:32:06Z")
        let toronto = try decode(
            #"{"date":"2017-01-01 12:32:06"}"#,
            .fixedFormat("yyyy-MM-dd HH:mm:ss", timeZone: TimeZone(identifier: "America/Toronto")!))
        #expect(ISO8601.string(from: toronto) == "2017-01-01T17:32:06Z")
        #expect(throws: DecodingError.self) {
            try decode(#"{"date":"2017-01-01T12:32:06"}"#, .fixedFormat("yyyy-MM-dd HH:mm:ss", timeZone: .gmt))
        }
    }

    @Test("A lossy array keeps every good element and reports the bad ones")
    func lossyArray() throws {
        struct Photo: Decodable, Equatable {
            let id: String
            let url: URL
        }
        let json =
            #"[{"id":"1","url":"https://x.test/1.jpg"},{"id":2,"url":"https://x.test/2.jpg"},{"url":"https://x.test/3.jpg"},{"id":"4","url":"https://x.test/4.jpg"}]"#
        let photos = try JSONDecoder().decode(LossyArray<Photo>.self, from: Data(json.utf8))
        #expect(photos.elements.map(\.id) == ["1", "4"])
        #expect(photos.skipped.map(\.key) == ["1", "2"])
        #expect(photos.skipped[0].reason.hasPrefix("id: expected String, found"))
        #expect(photos.skipped[1].reason == "id: missing key \"id\"")
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(LossyArray<Photo>.self, from: Data(#"{"id":"1"}"#.utf8))
        }
    }

    @Test("A lossy array applies the decoder's strategies to its elements")
    func lossyArrayStrategies() throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601Flexible
        let dates = try decoder.decode(LossyArray<Date>.self, from: Data(#"["2010-06-21T15:29:32Z", "soon", 3]"#.utf8))
        #expect(dates.elements == [Date(timeIntervalSince1970: 1_277_134_172)])
        #expect(dates.skipped.count == 2)
    }

    @Test("A lossy dictionary skips bad values and keys that are not valid keys")
    func lossyDictionary() throws {
        struct Post: Decodable, Equatable {
            let text: String
            let timestamp: Double
        }
        let good = UUID(uuidString: "4F3C5B54-7B4E-4B61-9E0E-3E2B5A1C0D11")!
        let json = """
            {"\(good.uuidString)": {"text": "hi", "timestamp": 1},
             "not-a-uuid": {"text": "x", "timestamp": 2},
             "0D5E7A0B-1C2D-4E3F-8A9B-0C1D2E3F4A5B": {"timestamp": 3},
             "1A2B3C4D-5E6F-4A8B-9C0D-1E2F3A4B5C6D": {"text": "y", "timestamp": "3"}}
            """
        let feed = try JSONDecoder().decode(LossyDictionary<UUID, Post>.self, from: Data(json.utf8))
        #expect(feed.elements == [good: Post(text: "hi", timestamp: 1)])
        #expect(
            feed.skipped.map(\.description) == [
                "0D5E7A0B-1C2D-4E3F-8A9B-0C1D2E3F4A5B: text: missing key \"text\"",
                "1A2B3C4D-5E6F-4A8B-9C0D-1E2F3A4B5C6D: timestamp: expected Double, found a string",
                "not-a-uuid: the key is not a valid UUID",
            ])
    }
}
