import Foundation

/// Parses the three date forms RFC 9110 (§5.6.7) asks recipients to accept:
/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the obsolete RFC 850 form
/// (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37 1994`).
///
/// By hand, on ASCII only: Foundation's `DateFormatter` traps on some
/// non-ASCII input ("Incorrect range CFRange", found by the `retry-after`
/// fuzz target), which would let one response header kill the app.
enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    static func parse(_ text: String) -> Date? {
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
        return Int(text)
    }
}
