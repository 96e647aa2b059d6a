import Foundation
import Synchronization

/// The names and long-date formats `DATETIME_FORMAT` uses in a locale
/// (`SET_LOCALE`, and `cellFormat=string` with `userLocale`).
///
/// English is Moment.js's own (`LLLL` is `dddd, MMMM D, YYYY h:mm A`).
/// Every other locale comes from the platform's locale data (ICU, through
/// Foundation): its month and day names, its AM and PM, and its long
/// formats built from skeletons (`LL` from `d MMMM y`, `LT` from the
/// locale's hour and minutes), turned into Moment tokens. For Spanish,
/// `LLLL` is then `dddd, D [de] MMMM [de] YYYY H:mm`, as Airtable shows it.
/// A locale the platform does not know is English, as Moment falls back.
struct AirtableDateLocale: Sendable {
    var monthNames: [String]
    var shortMonthNames: [String]
    var dayNames: [String]
    var shortDayNames: [String]
    var minDayNames: [String]
    var am: String
    var pm: String
    /// `LT`, `LTS`, `L`, `LL`, `LLL`, `LLLL` and the short `l` forms, in Moment tokens.
    var longFormats: [String: String]

    static let english = AirtableDateLocale(
        monthNames: AirtableDateFormat.monthNames,
        shortMonthNames: AirtableDateFormat.monthNames.map { String($0.prefix(3)) },
        dayNames: AirtableDateFormat.dayNames, shortDayNames: AirtableDateFormat.dayNames.map { String($0.prefix(3)) },
        minDayNames: AirtableDateFormat.dayNames.map { String($0.prefix(2)) }, am: "AM", pm: "PM",
        longFormats: [
            "LT": "h:mm A", "LTS": "h:mm:ss A", "L": "MM/DD/YYYY", "LL": "MMMM D, YYYY", "LLL": "MMMM D, YYYY h:mm A",
            "LLLL": "dddd, MMMM D, YYYY h:mm A", "l": "M/D/YYYY", "ll": "MMM D, YYYY", "lll": "MMM D, YYYY h:mm A",
            "llll": "ddd, MMM D, YYYY h:mm A",
        ])

    /// The most locales kept once built: a formula names only a few.
    private static let maxCached = 64
    private static let cache = Mutex<[String: AirtableDateLocale]>([:])

    /// The locale `identifier` names (`es`, `pt-br`, `zh-tw`), English for
    /// English or one the platform does not know.
    static func named(_ identifier: String) -> AirtableDateLocale {
        let key = identifier.lowercased()
        guard !key.isEmpty, key != "en", key != "en-us", key.utf8.count <= 16,
            key.utf8.allSatisfy({ $0 == 0x2D || $0 == 0x5F || (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }
            )
        else { return .english }
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let built = build(key)
        cache.withLock { cache in
            if cache.count >= maxCached { cache.removeAll() }
            cache[key] = built
        }
        return built
    }

    private static func build(_ key: String) -> AirtableDateLocale {
        let parts = key.split(whereSeparator: { $0 == "-" || $0 == "_" })
        let identifier = parts.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.uppercased() }
            .joined(separator: "_")
        let locale = Locale(identifier: identifier)
        guard let language = parts.first.map(String.init), language != "en" || parts.count > 1,
            Locale.availableIdentifiers.contains(where: { $0 == identifier || $0 == language })
        else { return .english }
        let formatter = DateFormatter()
        formatter.locale = locale
        func pattern(_ skeleton: String) -> String {
            momentFormat(fromICU: DateFormatter.dateFormat(fromTemplate: skeleton, options: 0, locale: locale) ?? "")
        }
        let time = pattern("jmm")
        let seconds = pattern("jmmss")
        let long = pattern("dMMMMy")
        let short = pattern("dMMMy")
        let full = pattern("EEEEdMMMMy")
        let fullShort = pattern("EEEdMMMy")
        return AirtableDateLocale(
            monthNames: formatter.monthSymbols, shortMonthNames: formatter.shortMonthSymbols,
            dayNames: formatter.weekdaySymbols, shortDayNames: formatter.shortWeekdaySymbols,
            minDayNames: formatter.veryShortWeekdaySymbols, am: formatter.amSymbol, pm: formatter.pmSymbol,
            longFormats: [
                "LT": time, "LTS": seconds, "L": pattern("ddMMyyyy"), "LL": long, "LLL": "\(long) \(time)",
                "LLLL": "\(full) \(time)", "l": pattern("dMyyyy"), "ll": short, "lll": "\(short) \(time)",
                "llll": "\(fullShort) \(time)",
            ])
    }

    /// An ICU pattern (`EEEE, d 'de' MMMM 'de' y`) as Moment tokens
    /// (`dddd, D [de] MMMM [de] YYYY`).
    static func momentFormat(fromICU pattern: String) -> String {
        var output = ""
        var characters = Array(pattern)[...]
        while let first = characters.first {
            if first == "'" {
                // Quoted text; '' is a quote.
                characters = characters.dropFirst()
                var literal = ""
                while let next = characters.first {
                    characters = characters.dropFirst()
                    if next == "'" {
                        if characters.first == "'" {
                            literal.append("'")
                            characters = characters.dropFirst()
                        } else {
                            break
                        }
                    } else {
                        literal.append(next)
                    }
                }
                output += literal.isEmpty ? "'" : "[\(literal)]"
                continue
            }
            let run = characters.prefix { $0 == first }
            characters = characters.dropFirst(run.count)
            let count = run.count
            switch first {
            case "y": output += count == 2 ? "YY" : "YYYY"
            case "M", "L": output += count >= 4 ? "MMMM" : count == 3 ? "MMM" : count == 2 ? "MM" : "M"
            case "d": output += count >= 2 ? "DD" : "D"
            case "E", "c": output += count >= 4 ? "dddd" : "ddd"
            case "H": output += count >= 2 ? "HH" : "H"
            case "h": output += count >= 2 ? "hh" : "h"
            case "k": output += count >= 2 ? "kk" : "k"
            case "K": output += count >= 2 ? "hh" : "h"
            case "m": output += count >= 2 ? "mm" : "m"
            case "s": output += count >= 2 ? "ss" : "s"
            case "a", "b", "B": output += "A"
            case _ where first.isLetter: continue  // a field Moment has no token for (eras, zones)
            default: output += "[\(String(run))]"
            }
        }
        return output
    }
}
