import Foundation

/// Money as Bankey shows it: the whole amount (`$929,466.23`) and the same
/// amount split into dollars (`929,466`) and cents (`23`), which the cell
/// draws with the cents raised.
///
/// The lesson's formatter went through `Double` and `modf`, so 100.05 gave
/// cents `5` (or `4.99…`) and -50.83 gave cents `-83`. This one works on the
/// exact `Decimal`: it rounds to cents once, half away from zero, and keeps
/// the sign on the dollars, so cents are always two digits.
///
/// ```swift
/// let formatter = CurrencyFormatter(locale: Locale(identifier: "en_US"))
/// formatter.breakIntoDollarsAndCents(929466.23)  // ("929,466", "23")
/// formatter.breakIntoDollarsAndCents(-0.5)       // ("-0", "50")
/// formatter.string(from: -50.83)                 // "-$50.83"
/// ```
///
/// The locale picks the currency symbol and the separators; the machine's
/// default may have no currency at all (its symbol is then `¤`), which is
/// why the lesson's currency test passed or failed by machine.
public struct CurrencyFormatter: Sendable, Hashable {
    /// The locale for the symbol and the separators.
    public var locale: Locale

    /// Creates a formatter for `locale`.
    public init(locale: Locale = .current) {
        self.locale = locale
    }

    /// The amount rounded to cents, split into grouped whole dollars (with
    /// the sign) and two digits of cents: 0 gives `0` and `00`, 100.05
    /// gives `100` and `05`.
    public func breakIntoDollarsAndCents(_ amount: Decimal) -> (dollars: String, cents: String) {
        let rounded = Self.rounded(amount, scale: 2)
        let isNegative = rounded < 0
        let magnitude = isNegative ? -rounded : rounded
        let whole = Self.rounded(magnitude, scale: 0, mode: .down)
        let cents = NSDecimalNumber(decimal: (magnitude - whole) * 100).intValue
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .decimal
        formatter.usesGroupingSeparator = true
        formatter.maximumFractionDigits = 0
        let digits = formatter.string(from: NSDecimalNumber(decimal: whole)) ?? "\(whole)"
        // The sign goes on the dollars by hand: a formatter writes -0 as "0",
        // which would show -0.50 as a credit.
        let dollars = isNegative ? formatter.minusSign + digits : digits
        return (dollars, cents < 10 ? "0\(cents)" : "\(cents)")
    }

    /// The amount as currency with cents, such as `$929,466.23` or `-$50.83`.
    public func string(from amount: Decimal) -> String {
        let formatter = currencyFormatter
        let rounded = Self.rounded(amount, scale: 2)
        return formatter.string(from: NSDecimalNumber(decimal: rounded)) ?? "\(rounded)"
    }

    /// The locale's currency symbol, such as `$`.
    public var currencySymbol: String {
        currencyFormatter.currencySymbol
    }

    private var currencyFormatter: NumberFormatter {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .currency
        formatter.usesGroupingSeparator = true
        // Bankey's amounts have cents whatever the locale's currency usually has.
        formatter.minimumFractionDigits = 2
        formatter.maximumFractionDigits = 2
        return formatter
    }

    private static func rounded(
        _ value: Decimal, scale: Int, mode: NSDecimalNumber.RoundingMode = .plain
    ) -> Decimal {
        var input = value
        var result = Decimal()
        NSDecimalRound(&result, &input, scale, mode)
        return result
    }
}
