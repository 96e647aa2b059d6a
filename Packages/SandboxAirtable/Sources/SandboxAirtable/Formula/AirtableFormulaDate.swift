import Foundation
import SandboxCore

/// A date in a formula: an instant, in milliseconds since 1970, and the
/// time zone it is shown in (UTC unless `SET_TIMEZONE` chose another).
struct AirtableFormulaDate: Sendable, Hashable {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    var milliseconds: Double
    /// The time zone of its parts (`DAY`, `HOUR`…) and of `DATETIME_FORMAT`.
    var timeZone: TimeZone = .utc
    /// The locale `DATETIME_FORMAT` names months and days in (`SET_LOCALE`):
    /// not part of the date's identity.
    var locale = "en"

    static func == (lhs: AirtableFormulaDate, rhs: AirtableFormulaDate) -> Bool {
        lhs.milliseconds == rhs.milliseconds && lhs.timeZone == rhs.timeZone
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(milliseconds)
        hasher.combine(timeZone)
    }

    /// The latest and earliest instants a formula may hold: the range of
    /// JavaScript dates, so arithmetic on them never leaves what `Date` and
    /// `Calendar` handle.
    static let limit = 8.64e15

    init?(milliseconds: Double, timeZone: TimeZone = .utc) {
        guard milliseconds.isFinite, Swift.abs(milliseconds) <= Self.limit else { return nil }
        self.milliseconds = milliseconds.rounded()
        self.timeZone = timeZone
    }

    /// The instant nearest `milliseconds` that a formula may hold.
    init(clamping milliseconds: Double, timeZone: TimeZone = .utc) {
        let finite = milliseconds.isNaN ? 0 : milliseconds
        self.milliseconds = Swift.min(Swift.max(finite, -Self.limit), Self.limit).rounded()
        self.timeZone = timeZone
    }

    init?(_ date: Date, timeZone: TimeZone = .utc) {
        self.init(milliseconds: date.timeIntervalSince1970 * 1000, timeZone: timeZone)
    }

    /// The instant as a `Date`.
    var date: Date { Date(timeIntervalSince1970: milliseconds / 1000) }

    /// A calendar in the date's time zone.
    var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }

    /// `2024-01-15T10:00:00.000Z`: how Airtable shows a date as text.
    var isoText: String {
        AirtableDateFormat.format(
            AirtableFormulaDate(milliseconds: milliseconds, timeZone: .utc) ?? self,
            "YYYY-MM-DD[T]HH:mm:ss.SSS[Z]")
    }

    /// The date that text names, read as Airtable reads a date without a
    /// format: ISO 8601 (`2024-01-15`, `2024-01-15T10:00:00.000Z`,
    /// `2024-01-15 10:00`, with an offset or in UTC), `2024/01/15`,
    /// `1/15/2024`, and `January 15, 2024` or `15 January 2024`.
    init?(parsing text: String) {
        guard let date = AirtableDateFormat.parse(text, format: nil) else { return nil }
        self = date
    }
}

extension TimeZone {
    /// Coordinated Universal Time.
    static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
}
