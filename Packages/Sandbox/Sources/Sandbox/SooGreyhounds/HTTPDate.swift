import Foundation

/// HTTP dates (RFC 9110's IMF-fixdate, `Sun, 01 Jan 2017 12:32:06 GMT`) for
/// `Last-Modified` and `If-Modified-Since`, without a locale-dependent
/// formatter.
enum HTTPDate {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT") ?? calendar.timeZone
        return calendar
    }

    static func format(_ date: Date) -> String {
        let parts = calendar.dateComponents([.weekday, .day, .month, .year, .hour, .minute, .second], from: date)
        let weekday = weekdays[((parts.weekday ?? 1) - 1) % 7]
        let month = months[((parts.month ?? 1) - 1) % 12]
        let day = String(format: "%02d", parts.day ?? 1)
        let year = String(format: "%04d", parts.year ?? 1970)
        let time = String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
        return "\(weekday), \(day) \(month) \(year) \(time) GMT"
    }

    /// An IMF-fixdate, or `nil` for anything else (an unparseable
    /// `If-Modified-Since` is ignored, as RFC 9110 says).
    static func parse(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT",
            let day = Int(parts[1]), let monthIndex = months.firstIndex(of: String(parts[2])), let year = Int(parts[3])
        else { return nil }
        let time = parts[4].split(separator: ":").compactMap { Int($0) }
        guard time.count == 3, (1...31).contains(day), (1...9999).contains(year), (0...23).contains(time[0]),
            (0...59).contains(time[1]), (0...60).contains(time[2])
        else { return nil }
        return calendar.date(
            from: DateComponents(
                year: year, month: monthIndex + 1, day: day, hour: time[0], minute: time[1], second: time[2]))
    }
}
