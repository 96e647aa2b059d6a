import Foundation

/// HTTP dates (RFC 9110 §5.6.7), for `Retry-After`, `Last-Modified`,
/// `If-Modified-Since` and `Date`: written as IMF-fixdate
/// (`Sun, 06 Nov 1994 08:49:37 GMT`), read in the three forms recipients
/// must accept (IMF-fixdate, the obsolete RFC 850 form
/// `Sunday, 06-Nov-94 08:49:37 GMT`, and asctime `Sun Nov  6 08:49:37 1994`).
///
/// By hand, on ASCII only, in both directions: Foundation's `DateFormatter`
/// traps on some non-ASCII input ("Incorrect range CFRange", found by the
/// `retry-after` fuzz target), which would let one response header kill the
/// app, and formatting through a calendar and `String(format:)` depends on
/// the locale.
///
/// ```swift
/// HTTPDate.string(from: Date(timeIntervalSince1970: 784_111_777))  // "Sun, 06 Nov 1994 08:49:37 GMT"
/// HTTPDate.date(from: "Sun Nov  6 08:49:37 1994")                  // the same instant
/// ```
public enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// The date as an IMF-fixdate in GMT, whole seconds; dates outside the
    /// years 1 to 9999 are clamped to them.
    public static func string(from date: Date) -> String {
        let iso = ISO8601.string(from: date)  // YYYY-MM-DDTHH:MM:SSZ, clamped
        let utf8 = Array(iso.utf8)
        func number(_ range: Range<Int>) -> Int {
            utf8[range].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        let (year, month, day) = (number(0..<4), number(5..<7), number(8..<10))
        let days = ISO8601.daysFromCivil(year: year, month: month, day: day)
        // 1970-01-01 was a Thursday, index 3 from Monday.
        let weekday = weekdays[((days % 7 + 7) % 7 + 3) % 7]
        let time = String(decoding: utf8[11..<19], as: UTF8.self)
        let dayText = String(decoding: utf8[8..<10], as: UTF8.self)
        let yearText = String(decoding: utf8[0..<4], as: UTF8.self)
        return "\(weekday), \(dayText) \(months[month - 1]) \(yearText) \(time) GMT"
    }

    /// The date an HTTP-date names, in any of the three forms, or `nil` for
    /// anything else (RFC 9110: an invalid date is as if absent).
    public static func date(from text: String) -> Date? {
        guard text.utf8.count <= 64, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        let parts = text.split { $0 == " " || $0 == "," || $0 == "-" }
        guard let weekday = parts.first, weekdays.contains(where: { weekday.hasPrefix($0) }) else { return nil }
        let day: Int?
        let month: Int?
        var year: Int?
        let time: Substring
        if parts.count == 6, parts[5] == "GMT" {
            day = number(parts[1], digits: 1...2)
            month = months.firstIndex { $0 == parts[2] }.map { $0 + 1 }
            year = number(parts[3], digits: 2...4)
            // RFC 850's two-digit year: the 1900s from 50 on, as RFC 9110 lets
            // a recipient choose; no server has sent one this century.
            if parts[3].count == 2, let short = year {
                year = short >= 50 ? 1900 + short : 2000 + short
            }
            time = parts[4]
        } else if parts.count == 5 {
            month = months.firstIndex { $0 == parts[1] }.map { $0 + 1 }
            day = number(parts[2], digits: 1...2)
            time = parts[3]
            year = number(parts[4], digits: 4...4)
        } else {
            return nil
        }
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        guard let day, let month, let year, year >= 1, clock.count == 3,
            let hour = number(clock[0], digits: 2...2), let minute = number(clock[1], digits: 2...2),
            let second = number(clock[2], digits: 2...2), hour < 24, minute < 60, second < 61,
            day <= ISO8601.daysIn(month: month, year: year)
        else { return nil }
        let days = ISO8601.daysFromCivil(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// A non-negative number of `digits` decimal digits, nothing else.
    private static func number(_ text: Substring, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(text)  // safe: 1 to 4 ASCII digits, checked above
    }
}
