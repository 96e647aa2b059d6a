import Foundation
import SandboxCore

extension AirtableFormulaEvaluator {
    /// The date and time functions. A date argument may be a date or text
    /// that reads as one; anything else is an error.
    mutating func date(_ function: AirtableFormulaFunction, _ values: [AirtableFormulaValue]) -> AirtableFormulaValue {
        switch function {
        case .now:
            return .date(now)
        case .today:
            let start = Calendar.utc.startOfDay(for: now.date)
            return AirtableFormulaDate(start).map(AirtableFormulaValue.date) ?? .invalid
        case .datetimeParse:
            let format = values.count > 1 && !values[1].isBlank ? values[1].text : nil
            if case .date = values[0] { return values[0] }
            return AirtableDateFormat.parse(values[0].text, format: format, now: now).map(AirtableFormulaValue.date)
                ?? .invalid
        default:
            break
        }
        guard let date = values[0].date else { return values[0].isBlank ? .blank : .invalid }
        let calendar = date.calendar
        switch function {
        case .datetimeFormat:
            let format = values.count > 1 && !values[1].isBlank ? values[1].text : nil
            guard let format else { return .text(date.isoText) }
            return text(AirtableDateFormat.format(date, format))
        case .dateString:
            return .text(AirtableDateFormat.format(date, "YYYY-MM-DD"))
        case .timeString:
            return .text(AirtableDateFormat.format(date, "HH:mm:ss"))
        case .year, .month, .day, .hour, .minute, .second:
            let component: Calendar.Component =
                switch function {
                case .year: .year
                case .month: .month
                case .day: .day
                case .hour: .hour
                case .minute: .minute
                default: .second
                }
            return .number(Double(calendar.component(component, from: date.date)))
        case .weekday:
            // 0 is Sunday, or Monday with 'Monday' as the second argument.
            let weekday = calendar.component(.weekday, from: date.date) - 1
            let mondayFirst = values.count > 1 && values[1].text.lowercased() == "monday"
            return .number(Double(mondayFirst ? (weekday + 6) % 7 : weekday))
        case .weekNumber:
            let mondayFirst = values.count > 1 && values[1].text.lowercased() == "monday"
            return .number(
                Double(AirtableDateFormat.calendarWeek(date, firstWeekday: mondayFirst ? 2 : 1, minimumDays: 1)))
        case .setTimeZone:
            guard let zone = TimeZone(identifier: values[1].text) else { return .invalid }
            var moved = date
            moved.timeZone = zone
            return .date(moved)
        case .setLocale:
            // Names and long formats in that locale (English when the
            // platform does not know it); the instant is unchanged.
            var localized = date
            localized.locale = values[1].text.lowercased()
            return .date(localized)
        case .dateAdd:
            guard let count = values[1].numeric, let unit = DateUnit(values.count > 2 ? values[2].text : "days")
            else { return .invalid }
            return unit.adding(count, to: date).map(AirtableFormulaValue.date) ?? .invalid
        case .datetimeDiff:
            guard let other = values[1].date else { return .invalid }
            let unit = DateUnit(values.count > 2 ? values[2].text : "seconds") ?? .milliseconds
            return .number(unit.difference(from: other, to: date))
        case .isAfter, .isBefore:
            guard let other = values[1].date else { return .invalid }
            return .boolean(
                function == .isAfter ? date.milliseconds > other.milliseconds : date.milliseconds < other.milliseconds)
        case .isSame:
            guard let other = values[1].date else { return .invalid }
            guard values.count > 2 else { return .boolean(date.milliseconds == other.milliseconds) }
            guard let unit = DateUnit(values[2].text) else { return .invalid }
            return .boolean(
                unit.start(of: date)
                    == unit.start(of: AirtableFormulaDate(clamping: other.milliseconds, timeZone: date.timeZone)))
        case .toNow, .fromNow:
            // Whole days between the date and now.
            return .number(Swift.abs(DateUnit.days.difference(from: date, to: now)))
        case .workday:
            guard let days = Self.integer(values[1]), Swift.abs(days) <= 100_000, spend(Swift.abs(days)) else {
                return .invalid
            }
            return Self.workday(from: date, adding: days, holidays: holidays(values)).map(AirtableFormulaValue.date)
                ?? .invalid
        case .workdayDiff:
            guard let end = values[1].date,
                spend(Self.days(between: date, and: end))
            else { return .invalid }
            return Self.workdays(from: date, to: end, holidays: holidays(values)).map { .number(Double($0)) }
                ?? .invalid
        default:
            return .invalid
        }
    }

    /// The holidays argument of `WORKDAY` and `WORKDAY_DIFF`: dates
    /// separated by commas, as days.
    private func holidays(_ values: [AirtableFormulaValue]) -> Set<Int> {
        guard values.count > 2 else { return [] }
        let texts = values[2].flattened.flatMap { $0.text.split(separator: ",") }
        return Set(
            texts.prefix(1_000).compactMap {
                AirtableFormulaDate(parsing: String($0).trimmingCharacters(in: .whitespaces))
            }.map(Self.dayNumber))
    }

    /// The days between two instants, at most 10,000,000.
    private static func days(between start: AirtableFormulaDate, and end: AirtableFormulaDate) -> Int {
        let days = Swift.min(Swift.abs(end.milliseconds - start.milliseconds) / 86_400_000, 1e7)
        return Int(days)  // safe: finite (instants are within ±8.64e15 ms) and capped at 1e7
    }

    private static func dayNumber(_ date: AirtableFormulaDate) -> Int {
        Int((date.milliseconds / 86_400_000).rounded(.down))  // safe: instants are within ±8.64e15 ms, ±1e8 days
    }

    private static func isWorkday(_ day: Int, _ holidays: Set<Int>) -> Bool {
        // 1970-01-01 was a Thursday: day 0 is weekday 4.
        let weekday = ((day % 7) + 7 + 4) % 7
        return weekday != 0 && weekday != 6 && !holidays.contains(day)
    }

    /// The date `days` working days (Monday to Friday, not a holiday) after
    /// `start`.
    private static func workday(from start: AirtableFormulaDate, adding days: Int, holidays: Set<Int>)
        -> AirtableFormulaDate?
    {
        var day = dayNumber(start)
        var remaining = Swift.abs(days)
        let step = days < 0 ? -1 : 1
        var guardCount = 0
        while remaining > 0, guardCount < 1_000_000 {
            day += step
            guardCount += 1
            if isWorkday(day, holidays) { remaining -= 1 }
        }
        return AirtableFormulaDate(milliseconds: Double(day) * 86_400_000)
    }

    /// The working days from `start` to `end`, both counted; negative when
    /// `end` is before `start`.
    private static func workdays(from start: AirtableFormulaDate, to end: AirtableFormulaDate, holidays: Set<Int>)
        -> Int?
    {
        let first = dayNumber(start)
        let last = dayNumber(end)
        guard Swift.abs(last - first) <= 10_000_000 else { return nil }
        let range = first <= last ? first...last : last...first
        let count = range.filter { isWorkday($0, holidays) }.count
        return first <= last ? count : -count
    }
}

/// The units of `DATEADD`, `DATETIME_DIFF` and `IS_SAME`, by their long
/// and short names.
enum DateUnit {
    case milliseconds, seconds, minutes, hours, days, weeks, months, quarters, years

    init?(_ name: String) {
        switch name.trimmingCharacters(in: .whitespaces) {
        case "ms", "millisecond", "milliseconds": self = .milliseconds
        case "s", "second", "seconds": self = .seconds
        case "m", "minute", "minutes": self = .minutes
        case "h", "hour", "hours": self = .hours
        case "d", "day", "days": self = .days
        case "w", "week", "weeks": self = .weeks
        case "M", "month", "months": self = .months
        case "Q", "quarter", "quarters": self = .quarters
        case "y", "year", "years": self = .years
        default: return nil
        }
    }

    private var milliseconds: Double? {
        switch self {
        case .milliseconds: 1
        case .seconds: 1000
        case .minutes: 60_000
        case .hours: 3_600_000
        case .days: 86_400_000
        case .weeks: 604_800_000
        default: nil
        }
    }

    /// `date` moved by `count` units; months keep the day where they can.
    func adding(_ count: Double, to date: AirtableFormulaDate) -> AirtableFormulaDate? {
        if let size = milliseconds {
            return AirtableFormulaDate(milliseconds: date.milliseconds + count * size, timeZone: date.timeZone)
        }
        let months = count * (self == .years ? 12 : self == .quarters ? 3 : 1)
        guard months.isFinite, Swift.abs(months) <= 3_000_000 else { return nil }
        let whole = Int(months.rounded(.towardZero))  // safe: finite and at most 3,000,000 in size, checked above
        guard let moved = date.calendar.date(byAdding: .month, value: whole, to: date.date) else { return nil }
        return AirtableFormulaDate(moved, timeZone: date.timeZone)
    }

    /// `end − start` in this unit, truncated toward zero (months and years
    /// by the calendar, as Moment counts them).
    func difference(from start: AirtableFormulaDate, to end: AirtableFormulaDate) -> Double {
        if let size = milliseconds { return ((end.milliseconds - start.milliseconds) / size).rounded(.towardZero) }
        let months = Calendar.utc.dateComponents([.month], from: start.date, to: end.date).month ?? 0
        switch self {
        case .years: return Double(months / 12)
        case .quarters: return Double(months / 3)
        default: return Double(months)
        }
    }

    /// The start of the unit `date` falls in, for `IS_SAME`.
    func start(of date: AirtableFormulaDate) -> Double {
        let calendar = date.calendar
        let component: Calendar.Component
        switch self {
        case .milliseconds: return date.milliseconds
        case .seconds: return (date.milliseconds / 1000).rounded(.down)
        case .minutes: component = .minute
        case .hours: component = .hour
        case .days: component = .day
        case .weeks: component = .weekOfYear
        case .months: component = .month
        case .quarters: component = .quarter
        case .years: component = .year
        }
        guard let interval = calendar.dateInterval(of: component, for: date.date) else { return date.milliseconds }
        return interval.start.timeIntervalSince1970
    }
}
