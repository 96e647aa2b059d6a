import Foundation
import Networking
import SandboxCore

/// Dates as text, in the Moment.js format tokens Airtable's
/// `DATETIME_FORMAT` and `DATETIME_PARSE` take (`YYYY-MM-DD`, `M/D/YYYY
/// h:mm A`, `[at] HH:mm`, `LLL`…): formatted in the date's locale
/// (``AirtableDateLocale``), parsed in English.
enum AirtableDateFormat {
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
    static let dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// The tokens, longest first so that `MMMM` is not read as `MM MM`.
    private static let tokens = [
        "YYYYYY", "YYYY", "YY", "Q", "MMMM", "MMM", "MM", "Mo", "M", "DDDD", "DDD", "DD", "Do", "D", "dddd", "ddd",
        "dd",
        "do", "d", "E", "e", "WW", "Wo", "W", "ww", "wo", "w", "HH", "H", "hh", "h", "kk", "k", "mm", "m", "ss", "s",
        "SSS", "SS", "S", "A", "a", "ZZ", "Z", "X", "x", "LTS", "LT", "LLLL", "LLL", "LL", "L", "llll", "lll", "ll",
        "l",
    ]

    /// One piece of a format: a token or literal text.
    enum Piece: Equatable {
        case token(String)
        case literal(String)
    }

    /// Splits a format into tokens and literals (`[…]` is literal), the
    /// long-date tokens (`LLL`) spelled out as `locale` writes them.
    static func pieces(of format: String, locale: AirtableDateLocale = .english) -> [Piece] {
        var pieces: [Piece] = []
        let characters = Array(format)
        var index = 0
        outer: while index < characters.count {
            if characters[index] == "[" {
                var end = index + 1
                while end < characters.count, characters[end] != "]" { end += 1 }
                if end < characters.count {
                    pieces.append(.literal(String(characters[(index + 1)..<end])))
                    index = end + 1
                    continue
                }
            }
            for token in tokens where token.count <= characters.count - index {
                if String(characters[index..<(index + token.count)]) == token {
                    if let expansion = locale.longFormats[token] {
                        pieces += self.pieces(of: expansion)
                    } else {
                        pieces.append(.token(token))
                    }
                    index += token.count
                    continue outer
                }
            }
            pieces.append(.literal(String(characters[index])))
            index += 1
        }
        return pieces
    }

    // MARK: Formatting

    /// `date` as text in `format`, in the date's time zone.
    static func format(_ date: AirtableFormulaDate, _ format: String) -> String {
        let calendar = date.calendar
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second, .nanosecond, .weekday, .quarter], from: date.date)
        let year = parts.year ?? 1970
        let month = parts.month ?? 1
        let day = parts.day ?? 1
        let hour = parts.hour ?? 0
        let weekday = (parts.weekday ?? 1) - 1
        let millisecond = Int(
            ((date.milliseconds.truncatingRemainder(dividingBy: 1000)) + 1000).truncatingRemainder(
                dividingBy: 1000))
        let dayOfYear = calendar.ordinality(of: .day, in: .year, for: date.date) ?? 1
        let names = AirtableDateLocale.named(date.locale)
        var output = ""
        for piece in pieces(of: format, locale: names) {
            guard case .token(let token) = piece else {
                if case .literal(let text) = piece { output += text }
                continue
            }
            switch token {
            case "YYYYYY": output += (year < 0 ? "-" : "+") + padded(Swift.abs(year), 6)
            case "YYYY": output += padded(year, 4)
            case "YY": output += padded(year % 100, 2)
            case "Q": output += String((month - 1) / 3 + 1)
            case "MMMM": output += name(names.monthNames, month - 1)
            case "MMM": output += name(names.shortMonthNames, month - 1)
            case "MM": output += padded(month, 2)
            case "Mo": output += ordinal(month)
            case "M": output += String(month)
            case "DDDD": output += padded(dayOfYear, 3)
            case "DDD": output += String(dayOfYear)
            case "DD": output += padded(day, 2)
            case "Do": output += ordinal(day)
            case "D": output += String(day)
            case "dddd": output += name(names.dayNames, weekday)
            case "ddd": output += name(names.shortDayNames, weekday)
            case "dd": output += name(names.minDayNames, weekday)
            case "do": output += ordinal(weekday)
            case "d", "e": output += String(weekday)
            case "E": output += String(weekday == 0 ? 7 : weekday)
            case "W", "WW", "Wo":
                let week = calendarWeek(date, firstWeekday: 2, minimumDays: 4)
                output += token == "WW" ? padded(week, 2) : token == "Wo" ? ordinal(week) : String(week)
            case "w", "ww", "wo":
                let week = calendarWeek(date, firstWeekday: 1, minimumDays: 1)
                output += token == "ww" ? padded(week, 2) : token == "wo" ? ordinal(week) : String(week)
            case "HH": output += padded(hour, 2)
            case "H": output += String(hour)
            case "hh": output += padded(hour % 12 == 0 ? 12 : hour % 12, 2)
            case "h": output += String(hour % 12 == 0 ? 12 : hour % 12)
            case "kk": output += padded(hour == 0 ? 24 : hour, 2)
            case "k": output += String(hour == 0 ? 24 : hour)
            case "mm": output += padded(parts.minute ?? 0, 2)
            case "m": output += String(parts.minute ?? 0)
            case "ss": output += padded(parts.second ?? 0, 2)
            case "s": output += String(parts.second ?? 0)
            case "SSS": output += padded(millisecond, 3)
            case "SS": output += padded(millisecond / 10, 2)
            case "S": output += String(millisecond / 100)
            case "A": output += hour < 12 ? names.am : names.pm
            case "a": output += (hour < 12 ? names.am : names.pm).lowercased()
            case "Z", "ZZ":
                let offset = date.timeZone.secondsFromGMT(for: date.date) / 60
                let sign = offset < 0 ? "-" : "+"
                let separator = token == "Z" ? ":" : ""
                output += sign + padded(Swift.abs(offset) / 60, 2) + separator + padded(Swift.abs(offset) % 60, 2)
            case "X": output += AirtableFormulaValue.text(of: (date.milliseconds / 1000).rounded(.down))
            case "x": output += AirtableFormulaValue.text(of: date.milliseconds)
            default: output += token
            }
        }
        return output
    }

    /// A name from a locale's list, empty if the list is short of it.
    private static func name(_ names: [String], _ index: Int) -> String {
        names.indices.contains(index) ? names[index] : ""
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(Swift.abs(value))
        let sign = value < 0 ? "-" : ""
        return sign + String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
    }

    static func ordinal(_ value: Int) -> String {
        let tens = value % 100
        let suffix: String
        if (11...13).contains(tens) {
            suffix = "th"
        } else {
            switch value % 10 {
            case 1: suffix = "st"
            case 2: suffix = "nd"
            case 3: suffix = "rd"
            default: suffix = "th"
            }
        }
        return String(value) + suffix
    }

    /// The week of the year: ISO weeks (Monday first, four days in the first
    /// week), or US weeks (Sunday first, the week of January 1st first).
    static func calendarWeek(_ date: AirtableFormulaDate, firstWeekday: Int, minimumDays: Int) -> Int {
        var calendar = date.calendar
        calendar.firstWeekday = firstWeekday
        calendar.minimumDaysInFirstWeek = minimumDays
        return calendar.component(.weekOfYear, from: date.date)
    }

    // MARK: Parsing

    /// The date `text` names: with `format`, read token by token as Moment
    /// reads it when not strict (separators need not match, missing parts
    /// are the start of their unit, a missing year is `now`'s); without
    /// one, the ISO 8601 and common forms ``AirtableFormulaDate`` lists.
    /// Dates without an offset are UTC.
    static func parse(_ text: String, format: String?, now: AirtableFormulaDate? = nil) -> AirtableFormulaDate? {
        guard text.utf8.count <= 256 else { return nil }
        if let format {
            return parse(text, pieces: pieces(of: format), strict: false, now: now)
        }
        // ISO 8601, what cells hold, without a calendar: most dates a
        // filter reads.
        if let milliseconds = isoMilliseconds(text) { return AirtableFormulaDate(milliseconds: milliseconds) }
        for candidate in defaultFormats {
            if let date = parse(text, pieces: candidate, strict: true, now: now) { return date }
        }
        return nil
    }

    /// The forms read without a format, each matched strictly: every way
    /// of writing a day that Airtable's documentation shows, alone or
    /// followed by a time on a 24- or 12-hour clock (`4 Mar 2017 7:00`,
    /// `07/10/19 1:00 PM`), then a month or a year alone. ISO 8601 with
    /// `T` and an offset is read before these, by `isoMilliseconds`.
    private static let defaultFormats: [[Piece]] = {
        let days = [
            "YYYY-M-D", "YYYY/M/D", "M/D/YYYY", "M/D/YY", "M-D-YYYY", "MMMM D, YYYY", "MMMM D YYYY", "D MMMM YYYY",
            "D MMMM, YYYY", "dddd, MMMM D, YYYY", "ddd MMMM D YYYY",
        ]
        let times = ["", " H:mm", " H:mm:ss", " H:mm:ss.SSS", " h:mm A", " h:mm:ss A", " h A", " H:mm:ssZ"]
        let dated = days.flatMap { day in times.map { day + $0 } }
        return (dated + ["YYYY-MM", "YYYY"]).map { pieces(of: $0) }
    }()

    /// `YYYY-MM-DD`, optionally with `THH:mm`, `:ss`, `.SSS…` and `Z` or
    /// `±HH:mm` (a space may stand for `T`), as milliseconds since 1970;
    /// `nil` for anything else or a day the month does not have.
    static func isoMilliseconds(_ text: String) -> Double? {
        var bytes = Array(text.utf8)
        while bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
        var index = 0
        func number(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + count)] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }
        func skip(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = number(4), skip(UInt8(ascii: "-")), let month = number(2), skip(UInt8(ascii: "-")),
            let day = number(2), (1...12).contains(month), day >= 1, day <= ISO8601.daysIn(month: month, year: year)
        else { return nil }
        var milliseconds = Double(ISO8601.daysFromCivil(year: year, month: month, day: day)) * 86_400_000
        guard index < bytes.count else { return milliseconds }
        guard skip(UInt8(ascii: "T")) || skip(UInt8(ascii: "t")) || skip(UInt8(ascii: " ")),
            let hour = number(2), hour < 24, skip(UInt8(ascii: ":")), let minute = number(2), minute < 60
        else { return nil }
        var seconds = Double(hour * 3600 + minute * 60)
        if skip(UInt8(ascii: ":")) {
            guard let second = number(2), second < 60 else { return nil }
            seconds += Double(second)
            if skip(UInt8(ascii: ".")) {
                var scale = 0.1
                let start = index
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39, index - start < 9 {
                    seconds += Double(bytes[index] - 0x30) * scale
                    scale /= 10
                    index += 1
                }
                guard index > start else { return nil }
            }
        }
        milliseconds += seconds * 1000
        guard index < bytes.count else { return milliseconds }
        if skip(UInt8(ascii: "Z")) || skip(UInt8(ascii: "z")) { return index == bytes.count ? milliseconds : nil }
        let sign: Double
        if skip(UInt8(ascii: "+")) {
            sign = 1
        } else if skip(UInt8(ascii: "-")) {
            sign = -1
        } else {
            return nil
        }
        guard let offsetHours = number(2) else { return nil }
        _ = skip(UInt8(ascii: ":"))
        guard let offsetMinutes = number(2), index == bytes.count else { return nil }
        return milliseconds - sign * Double(offsetHours * 60 + offsetMinutes) * 60_000
    }

    private struct Fields {
        var year: Int?
        var month = 1
        var day = 1
        var hour = 0
        var minute = 0
        var second = 0
        var millisecond = 0
        var pm: Bool?
        var offsetMinutes: Int?
        var epochMilliseconds: Double?
    }

    private static func parse(_ text: String, pieces: [Piece], strict: Bool, now: AirtableFormulaDate?)
        -> AirtableFormulaDate?
    {
        let input = Array(text.trimmingCharacters(in: .whitespaces))
        var index = 0
        var fields = Fields()
        var readAny = false
        for piece in pieces {
            switch piece {
            case .literal(let literal):
                if strict {
                    for character in literal {
                        // `Z` after a time, and `T`, match either case.
                        guard index < input.count, input[index].uppercased() == character.uppercased() else {
                            return nil
                        }
                        index += 1
                    }
                } else if index < input.count,
                    String(input[index..<Swift.min(input.count, index + literal.count)])
                        == literal
                {
                    index += literal.count
                }
            case .token(let token):
                if !strict {
                    // Moment skips what separates the parts.
                    while index < input.count, !input[index].isLetter, !input[index].isNumber,
                        !(token.hasPrefix("Z") && "+-".contains(input[index]))
                    {
                        index += 1
                    }
                }
                guard index < input.count || !strict else { return nil }
                guard index < input.count else { continue }
                guard read(token, from: input, at: &index, into: &fields) else {
                    if strict { return nil }
                    continue
                }
                readAny = true
            }
        }
        guard readAny, !strict || index == input.count else { return nil }
        return date(from: fields, now: now)
    }

    private static func read(_ token: String, from input: [Character], at index: inout Int, into fields: inout Fields)
        -> Bool
    {
        func digits(_ maxLength: Int, minLength: Int = 1) -> Int? {
            var end = index
            var negative = false
            if token == "YYYYYY", end < input.count, input[end] == "-" || input[end] == "+" {
                negative = input[end] == "-"
                end += 1
            }
            let start = end
            while end < input.count, end - start < maxLength, input[end].isASCII, input[end].isNumber { end += 1 }
            guard end - start >= minLength, let value = Int(String(input[start..<end])) else { return nil }
            index = end
            return negative ? -value : value
        }
        func word() -> String {
            var end = index
            while end < input.count, input[end].isLetter { end += 1 }
            defer { index = end }
            return String(input[index..<end]).lowercased()
        }
        switch token {
        case "YYYY", "YYYYYY":
            guard let year = digits(token == "YYYY" ? 4 : 6, minLength: token == "YYYY" ? 4 : 1) else { return false }
            fields.year = year
        case "YY":
            guard let year = digits(2, minLength: 2) else { return false }
            fields.year = year + (year > 68 ? 1900 : 2000)
        case "M", "MM":
            guard let month = digits(2, minLength: token == "MM" ? 2 : 1), (1...12).contains(month) else {
                return false
            }
            fields.month = month
        case "MMM", "MMMM":
            let name = word()
            guard name.count >= 3, let month = monthNames.firstIndex(where: { $0.lowercased().hasPrefix(name) })
            else { return false }
            fields.month = month + 1
        case "D", "DD", "Do":
            guard let day = digits(2, minLength: token == "DD" ? 2 : 1), (1...31).contains(day) else { return false }
            fields.day = day
            if token == "Do" { _ = word() }
        case "dddd", "ddd", "dd", "d":
            _ = token == "d" ? digits(1) : word().isEmpty ? nil : 0
        case "H", "HH", "h", "hh", "k", "kk":
            guard let hour = digits(2, minLength: token.count), (0...24).contains(hour) else { return false }
            fields.hour = hour % 24
        case "m", "mm":
            guard let minute = digits(2, minLength: token.count), (0...59).contains(minute) else { return false }
            fields.minute = minute
        case "s", "ss":
            guard let second = digits(2, minLength: token.count), (0...59).contains(second) else { return false }
            fields.second = second
        case "S", "SS", "SSS":
            let start = index
            guard let fraction = digits(9) else { return false }
            let count = index - start
            fields.millisecond = Int(Double(fraction) / pow(10, Double(count - 3)))
        case "A", "a":
            let marker = word()
            guard marker == "am" || marker == "pm" else { return false }
            fields.pm = marker == "pm"
        case "Z", "ZZ":
            if input[index] == "Z" || input[index] == "z" {
                index += 1
                fields.offsetMinutes = 0
                return true
            }
            guard "+-".contains(input[index]) else { return false }
            let negative = input[index] == "-"
            index += 1
            guard let hours = digits(2, minLength: 2) else { return false }
            if index < input.count, input[index] == ":" { index += 1 }
            let minutes = digits(2, minLength: 2) ?? 0
            fields.offsetMinutes = (negative ? -1 : 1) * (hours * 60 + minutes)
        case "X", "x":
            guard let value = digits(16) else { return false }
            fields.epochMilliseconds = Double(value) * (token == "X" ? 1000 : 1)  // safe: an Int of at most 16 digits
        default:
            return false
        }
        return true
    }

    private static func date(from fields: Fields, now: AirtableFormulaDate?) -> AirtableFormulaDate? {
        if let epoch = fields.epochMilliseconds { return AirtableFormulaDate(milliseconds: epoch) }
        var hour = fields.hour
        if let pm = fields.pm {
            guard (1...12).contains(hour) || hour == 0 else { return nil }
            hour = hour % 12 + (pm ? 12 : 0)
        }
        let year = fields.year ?? now.map { Calendar.utc.component(.year, from: $0.date) } ?? 1970
        var components = DateComponents(
            calendar: Calendar.utc, timeZone: .utc, year: year, month: fields.month, day: fields.day, hour: hour,
            minute: fields.minute, second: fields.second)
        components.nanosecond = fields.millisecond * 1_000_000
        // A day past the month's end (`2/30/2024`) is not a date.
        guard components.isValidDate(in: Calendar.utc), let date = Calendar.utc.date(from: components) else {
            return nil
        }
        let offset = Double(fields.offsetMinutes ?? 0) * 60_000
        return AirtableFormulaDate(milliseconds: date.timeIntervalSince1970 * 1000 - offset)
    }
}

extension Calendar {
    /// The Gregorian calendar in UTC.
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .utc
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }()
}
