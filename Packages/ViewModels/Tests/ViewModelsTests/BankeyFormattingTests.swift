import Foundation
import Models
import Testing
import ViewModels

@Suite("Bankey header and cells")
struct BankeyFormattingTests {
    private let enUS = Locale(identifier: "en_US")

    @Test("The header formats its date as MMM d, yyyy in the lesson's MDT")
    func headerDate() {
        let header = AccountSummaryHeaderView.ViewModel(
            welcomeMessage: "Good morning,", name: "Kevin", date: BankeyHarness.lessonDate, locale: enUS)
        #expect(header.welcomeMessage == "Good morning,")
        #expect(header.name == "Kevin")
        #expect(header.date == BankeyHarness.lessonDate)
        #expect(header.dateFormatted == "Jun 21, 2010")
        #expect(header.timeZone.identifier == "America/Denver")
    }

    @Test("The day is read in the given time zone, not in UTC")
    func headerTimeZone() throws {
        // 03:00 UTC on the 22nd is still the evening of the 21st in Denver.
        let lateEvening = Date(timeIntervalSince1970: 1_277_175_600)
        let mountain = AccountSummaryHeaderView.ViewModel(
            welcomeMessage: "", name: "", date: lateEvening, locale: enUS)
        let utc = AccountSummaryHeaderView.ViewModel(
            welcomeMessage: "", name: "", date: lateEvening, timeZone: .gmt, locale: enUS)
        #expect(mountain.dateFormatted == "Jun 21, 2010")
        #expect(utc.dateFormatted == "Jun 22, 2010")
    }

    @Test("The locale gives the month's name")
    func headerLocale() {
        let header = AccountSummaryHeaderView.ViewModel(
            welcomeMessage: "", name: "", date: BankeyHarness.lessonDate, locale: Locale(identifier: "de_DE"))
        #expect(header.dateFormatted == "Juni 21, 2010")
    }

    @Test(
        "Each account type has its balance label",
        arguments: [
            (AccountType.banking, "Current balance"), (.creditCard, "Balance"), (.investment, "Value"),
            (.other("Mortgage"), "Balance"),
        ])
    func balanceLabels(type: AccountType, label: String) {
        let cell = AccountSummaryCell.ViewModel(accountType: type, accountName: "Account", balance: 1, locale: enUS)
        #expect(cell.balanceLabel == label)
        #expect(cell.accountType == type)
    }

    @Test(
        "Balances split into dollars and cents and format as money",
        arguments: [
            ("929466.23", "929,466", "23", "$929,466.23"),
            ("0", "0", "00", "$0.00"),
            ("100.05", "100", "05", "$100.05"),
            ("17562.4", "17,562", "40", "$17,562.40"),
            ("1234567.89", "1,234,567", "89", "$1,234,567.89"),
            ("-50.83", "-50", "83", "-$50.83"),
            ("-0.5", "-0", "50", "-$0.50"),
            ("-1234.05", "-1,234", "05", "-$1,234.05"),
            ("2.999", "3", "00", "$3.00"),
            ("0.005", "0", "01", "$0.01"),
        ])
    func dollarsAndCents(amount: String, dollars: String, cents: String, formatted: String) {
        let cell = AccountSummaryCell.ViewModel(
            accountType: .banking, accountName: "Basic Savings", balance: decimal(amount), locale: enUS)
        #expect(cell.balanceDollars == dollars)
        #expect(cell.balanceCents == cents)
        #expect(cell.balanceFormatted == formatted)
        #expect(cell.currencySymbol == "$")
        #expect(cell.accountName == "Basic Savings")
        #expect(cell.balance == decimal(amount))
    }

    @Test("The locale picks separators and symbol")
    func otherLocales() {
        let german = CurrencyFormatter(locale: Locale(identifier: "de_DE"))
        #expect(german.breakIntoDollarsAndCents(decimal("929466.23")) == ("929.466", "23"))
        #expect(german.string(from: decimal("929466.23")).contains("929.466,23"))
        #expect(german.currencySymbol == "€")
        let canadian = CurrencyFormatter(locale: Locale(identifier: "en_CA"))
        #expect(canadian.string(from: decimal("929466.23")) == "$929,466.23")
    }

    @Test("A locale without a region has no currency symbol: why the locale is a parameter")
    func regionlessLocale() {
        #expect(CurrencyFormatter(locale: Locale(identifier: "en")).currencySymbol == "¤")
    }
}
