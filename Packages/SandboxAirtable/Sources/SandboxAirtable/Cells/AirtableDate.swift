import Foundation
import Networking
import SandboxCore

/// Date parsing for date fields.
enum AirtableDate {
    /// `YYYY-MM-DD` or an ISO 8601 timestamp starting with it, when the day
    /// exists.
    static func isoDay(_ text: String) -> String? {
        let datePart = text.split(separator: "T", maxSplits: 1).first.map(String.init) ?? text
        let parts = datePart.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        if datePart.count != text.count, !isTimestampTail(text.dropFirst(datePart.count)) {
            return nil
        }
        return format(year: year, month: month, day: day)
    }

    private static func isTimestampTail(_ tail: Substring) -> Bool {
        tail.hasPrefix("T") && tail.count >= 6 && tail.allSatisfy { $0.isASCII && !$0.isWhitespace }
    }

    private static func format(year: Int, month: Int, day: Int) -> String? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let components = DateComponents(year: year, month: month, day: day)
        guard (1...9999).contains(year), components.isValidDate(in: calendar) else { return nil }
        return String(format: "%04d-%02d-%02d", year, month, day)
    }
}
