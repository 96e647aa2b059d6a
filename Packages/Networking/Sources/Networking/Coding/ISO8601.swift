import Foundation

/// A strict, allocation-free ISO-8601 reader and writer for timestamps such
/// as Airtable's `2015-02-10T20:57:11.000Z` and Bankey's `2010-06-21T15:29:32Z`.
///
/// It accepts `YYYY-MM-DDTHH:MM:SS`, optional fractional seconds of any
/// length, and `Z` or a `±HH:MM` / `±HHMM` offset. It is a value type with no
/// formatter inside, so it is safe from any thread and fast in big feeds.
public enum ISO8601 {
    /// Parses a timestamp, or returns `nil` if it is not one.
    public static func date(from string: String) -> Date? {
        var utf8 = string.utf8[...]
        guard let year = number(&utf8, digits: 4), expect(&utf8, "-"),
            let month = number(&utf8, digits: 2), expect(&utf8, "-"),
            let day = number(&utf8, digits: 2), expect(&utf8, "T") || expect(&utf8, "t"),
            let hour = number(&utf8, digits: 2), expect(&utf8, ":"),
            let minute = number(&utf8, digits: 2), expect(&utf8, ":"),
            let second = number(&utf8, digits: 2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 61
        else { return nil }

        var fraction = 0.0
        if expect(&utf8, ".") {
            var digits = 0
            var value = 0
            while let byte = utf8.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                // Nanoseconds are the most a Date can hold; later digits are noise.
                if digits < 9 {
                    value = value * 10 + Int(byte - UInt8(ascii: "0"))
                    digits += 1
                }
                utf8.removeFirst()
            }
            guard digits > 0 else { return nil }
            fraction = Double(value) / pow(10, Double(digits))  // safe: an Int of at most 9 ASCII digits read above
        }

        guard let offset = zoneOffset(&utf8), utf8.isEmpty else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// Formats a date in UTC as `YYYY-MM-DDTHH:MM:SSZ`, with milliseconds
    /// when `fractionalSeconds` is true (`.000Z`, as Airtable writes).
    public static func string(from date: Date, fractionalSeconds: Bool = false) -> String {
        // safe: clamped to years 1 to 9999, the four-digit years the format
        // has, so a date of 1e300 seconds formats as the last one instead of
        // trapping.
        let raw = (date.timeIntervalSince1970 * 1000).rounded(.down)
        let totalMilliseconds = raw.isNaN ? 0 : Int64(min(max(raw, -62_135_596_800_000), 253_402_300_799_999))
        let milliseconds = Int(((totalMilliseconds % 1000) + 1000) % 1000)  // safe: 0 to 999
        let seconds = (totalMilliseconds - Int64(milliseconds)) / 1000  // safe: Int to Int64
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)  // safe: years 1 to 9999
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        let (year, month, day) = civilFromDays(days)
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
        text += "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
        if fractionalSeconds {
            text += ".\(pad(milliseconds, 3))"
        }
        return text + "Z"
    }

    /// Days since 1970-01-01 of a date in the proleptic Gregorian calendar
    /// (Howard Hinnant's days-from-civil: exact, no `Calendar` or time zone
    /// involved), for parsers of other date forms.
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The days of a month (1 to 12) of a Gregorian year.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func zoneOffset(_ utf8: inout Substring.UTF8View) -> Int? {
        if expect(&utf8, "Z") || expect(&utf8, "z") { return 0 }
        let sign: Int
        if expect(&utf8, "+") {
            sign = 1
        } else if expect(&utf8, "-") {
            sign = -1
        } else {
            return nil
        }
        guard let hours = number(&utf8, digits: 2) else { return nil }
        _ = expect(&utf8, ":")
        guard let minutes = number(&utf8, digits: 2), hours < 24, minutes < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    private static func number(_ utf8: inout Substring.UTF8View, digits: Int) -> Int? {
        var value = 0
        for _ in 0..<digits {
            guard let byte = utf8.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            utf8.removeFirst()
        }
        return value
    }

    private static func expect(_ utf8: inout Substring.UTF8View, _ character: Unicode.Scalar) -> Bool {
        guard utf8.first == UInt8(ascii: character) else { return false }
        utf8.removeFirst()
        return true
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
