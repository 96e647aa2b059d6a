import Foundation

/// A day on the calendar, such as Airtable's `"2020-11-07"`, with no time and
/// no time zone.
///
/// Airtable's date fields are calendar dates, not instants. Storing them as a
/// `Date` makes them shift by a day depending on where they are read; the
/// lesson's `date.description` trick posts the *UTC* day, which in the evening
/// west of Greenwich is already tomorrow. A `CalendarDate` keeps the three
/// numbers, round-trips to exactly the same string, and is made from a `Date`
/// only in a time zone you name:
///
/// ```swift
/// let due = CalendarDate(datePicker.date, in: .current)   // the user's day
/// let project = Project(name: "Test", dueDate: due)
/// CalendarDate("2020-11-07")?.description                  // "2020-11-07"
/// ```
public struct CalendarDate: Sendable, Hashable, Comparable, Codable, LosslessStringConvertible {
    /// The Gregorian year: 1 to 9999, except for a date made from an
    /// extreme `Date`, which cannot be encoded.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, 1 to 28, 29, 30 or 31.
    public let day: Int

    /// The date, if the three numbers name a real Gregorian day in years 1 to 9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `yyyy-MM-dd`, as Airtable writes it; anything else,
    /// including a timestamp, is `nil`.
    public init?(_ description: String) {
        let bytes = Array(description.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = Self.number(bytes[0..<4]), let month = Self.number(bytes[5..<7]),
            let day = Self.number(bytes[8..<10])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day `date` falls on in `timeZone`.
    ///
    /// Pass the user's time zone (`.current`) for a day picked on screen: at
    /// 20:00 on 7 November in Los Angeles it is still the 7th, although it is
    /// already the 8th in UTC.
    public init(_ date: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.init(date, calendar: calendar)
    }

    /// The day `date` falls on in `calendar`'s time zone.
    ///
    /// Only the calendar's time zone is used: the year, month and day are
    /// always Gregorian, as Airtable expects, even if `calendar` is, say,
    /// Buddhist or Japanese.
    public init(_ date: Date, calendar: Calendar) {
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = calendar.timeZone
        let parts = gregorian.dateComponents([.era, .year, .month, .day], from: date)
        // A Gregorian calendar always yields these components; years before
        // the common era count down from 1 in era 0, and become 0, -1, … here.
        let yearOfEra = parts.year ?? 1
        year = parts.era == 0 ? 1 - yearOfEra : yearOfEra
        month = parts.month ?? 1
        day = parts.day ?? 1
    }

    /// The first instant of this day in `timeZone`, to show it with a
    /// `DateFormatter` or a date picker set to the same zone.
    public func startOfDay(in timeZone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(from: DateComponents(year: year, month: month, day: day))
    }

    /// `yyyy-MM-dd`, such as `2020-11-07`.
    public var description: String {
        Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2)
    }

    /// Earlier days come first.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Reads a `yyyy-MM-dd` string; anything else is a decoding error that
    /// names the field and shows the text found.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = Self(text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "Expected a calendar date such as 2020-11-07, found \"\(text)\""
            )
        }
        self = date
    }

    /// Writes the `yyyy-MM-dd` string.
    ///
    /// - Throws: `EncodingError.invalidValue` for a year outside 1 to 9999,
    ///   which `yyyy` cannot express (only possible for a `CalendarDate` made
    ///   from an extreme `Date`).
    public func encode(to encoder: any Encoder) throws {
        guard (1...9999).contains(year) else {
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: encoder.codingPath,
                    debugDescription: "The year \(year) does not fit the yyyy-MM-dd format"
                )
            )
        }
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
