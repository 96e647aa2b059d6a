import Foundation
import Models
import Networking
import Testing

@Suite("Calendar dates")
struct CalendarDateTests {
    let losAngeles = TimeZone(identifier: "America/Los_Angeles")
    let tokyo = TimeZone(identifier: "Asia/Tokyo")

    @Test("Parses exactly yyyy-MM-dd and round-trips the same string")
    func parsing() throws {
        let date = try #require(CalendarDate("2020-11-07"))
        #expect((date.year, date.month, date.day) == (2020, 11, 7))
        #expect(date.description == "2020-11-07")
        #expect(CalendarDate("2024-02-29")?.description == "2024-02-29")
        #expect(CalendarDate(year: 5, month: 1, day: 2)?.description == "0005-01-02")
        for bad in [
            "2023-02-29", "2020-11-31", "2020-13-01", "2020-00-10", "2020-11-00", "2020-1-07", "20-11-07",
            "2020-11-07T00:00:00Z", "2020/11/07", "+020-11-07", " 2020-11-07", "", "0000-01-01",
        ] {
            #expect(CalendarDate(bad) == nil, "\(bad)")
        }
        #expect(CalendarDate(year: 2020, month: 2, day: 30) == nil)
        #expect(CalendarDate(year: 10_000, month: 1, day: 1) == nil)
    }

    @Test("Codable as the bare string, with a clear error for anything else")
    func coding() throws {
        let dates = try JSONDecoder().decode([CalendarDate].self, from: #"["2020-11-07","2020-10-24"]"#.utf8Data)
        #expect(dates.map(\.description) == ["2020-11-07", "2020-10-24"])
        #expect(try JSONEncoder().encode(dates).text == #"["2020-11-07","2020-10-24"]"#)
        #expect(
            failure { _ = try JSONDecoder().decode([CalendarDate].self, from: #"["2020-11-07T20:00:00Z"]"#.utf8Data) }
                == #"[0]: expected a calendar date such as 2020-11-07, found "2020-11-07T20:00:00Z""#)
        #expect(
            failure { _ = try JSONDecoder().decode([CalendarDate].self, from: "[20201107]".utf8Data) }?
                .hasPrefix("[0]: expected String, found") == true)
    }

    @Test("Made from a Date in the user's time zone: the evening west of Greenwich is still the same day")
    func localDay() throws {
        // 20:00 on 7 November in Los Angeles is 04:00 on the 8th in UTC.
        let evening = try #require(ISO8601.date(from: "2020-11-07T20:00:00-08:00"))
        #expect(CalendarDate(evening, in: try #require(losAngeles)).description == "2020-11-07")
        #expect(CalendarDate(evening, in: .gmt).description == "2020-11-08")
        // The lesson's trick, `date.description` cut at the space, gives the UTC day: the wrong one.
        #expect(evening.description.components(separatedBy: " ")[0] == "2020-11-08")

        // 07:00 on the 7th in Tokyo is still the 6th in UTC.
        let morning = try #require(ISO8601.date(from: "2020-11-07T07:00:00+09:00"))
        #expect(CalendarDate(morning, in: try #require(tokyo)).description == "2020-11-07")
        #expect(CalendarDate(morning, in: .gmt).description == "2020-11-06")
    }

    @Test("Only a calendar's time zone is used; the fields stay Gregorian")
    func calendars() throws {
        let evening = try #require(ISO8601.date(from: "2020-11-07T20:00:00-08:00"))
        var japanese = Calendar(identifier: .japanese)
        japanese.timeZone = try #require(losAngeles)
        #expect(CalendarDate(evening, calendar: japanese).description == "2020-11-07")
        let zone = try #require(losAngeles)
        let start = try #require(CalendarDate("2020-11-07")?.startOfDay(in: zone))
        #expect(ISO8601.string(from: start) == "2020-11-07T08:00:00Z")
        #expect(CalendarDate(start, in: zone).description == "2020-11-07")
    }

    @Test("Days before the common era cannot be encoded, and say why")
    func outOfRange() throws {
        let ancient = CalendarDate(Date(timeIntervalSince1970: -70_000_000_000), in: .gmt)
        #expect(ancient.year < 1)
        #expect(throws: EncodingError.self) { try JSONEncoder().encode([ancient]) }
    }

    @Test("Compares day by day")
    func ordering() throws {
        let days = ["2020-11-07", "2019-12-31", "2020-10-24", "2020-11-06"].compactMap(CalendarDate.init)
        #expect(days.sorted().map(\.description) == ["2019-12-31", "2020-10-24", "2020-11-06", "2020-11-07"])
        #expect(CalendarDate("2020-11-07") == CalendarDate(year: 2020, month: 11, day: 7))
    }
}
