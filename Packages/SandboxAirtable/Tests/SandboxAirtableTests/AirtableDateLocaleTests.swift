import Foundation
import Testing

@testable import SandboxAirtable

@Suite("Airtable: dates in a locale (SET_LOCALE, userLocale)")
struct AirtableDateLocaleTests {
    /// 2019-07-10T00:00:00Z, a Wednesday.
    private static func date(locale: String) throws -> AirtableFormulaDate {
        var date = try #require(AirtableFormulaDate(milliseconds: 1_562_716_800_000))
        date.locale = locale
        return date
    }

    @Test("ICU patterns read as Moment tokens: fields, quoted text, an escaped quote, unknown fields left out")
    func icuToMoment() {
        #expect(
            AirtableDateLocale.momentFormat(fromICU: "EEEE, d 'de' MMMM 'de' y")
                == "dddd[,][ ]D[ ][de][ ]MMMM[ ][de][ ]YYYY")
        #expect(AirtableDateLocale.momentFormat(fromICU: "dd/MM/yyyy H:mm") == "DD[/]MM[/]YYYY[ ]H[:]mm")
        #expect(AirtableDateLocale.momentFormat(fromICU: "h:mm a") == "h[:]mm[ ]A")
        #expect(AirtableDateLocale.momentFormat(fromICU: "d 'o''clock' G") == "D[ ][o'clock][ ]")
    }

    @Test("Names and long formats come from the locale; English is Moment's; an unknown locale is English")
    func localized() throws {
        #expect(AirtableDateFormat.format(try Self.date(locale: "es"), "LLLL") == "miércoles, 10 de julio de 2019 0:00")
        #expect(AirtableDateFormat.format(try Self.date(locale: "fr"), "dddd D MMMM") == "mercredi 10 juillet")
        #expect(AirtableDateFormat.format(try Self.date(locale: "de"), "LL") == "10. Juli 2019")
        #expect(AirtableDateFormat.format(try Self.date(locale: "en"), "LLLL") == "Wednesday, July 10, 2019 12:00 AM")
        #expect(AirtableDateFormat.format(try Self.date(locale: "zz"), "dddd, MMMM") == "Wednesday, July")
        #expect(AirtableDateFormat.format(try Self.date(locale: "../../x"), "MMMM") == "July")
    }

    @Test("The locale is not part of a date's identity")
    func identity() throws {
        #expect(try Self.date(locale: "es") == Self.date(locale: "en"))
    }
}
