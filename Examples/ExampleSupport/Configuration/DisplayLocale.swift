import Foundation

/// The locale the examples format money and dates with.
///
/// A machine (or container) without a configured locale gets one with no
/// country, such as `en_001` (English for the world), and so no currency:
/// its symbol is `¤`, which is how the lesson's currency test came to pass
/// on one machine and fail on another. The examples fall back to `en_US`
/// there, and `--locale` picks any other.
public enum DisplayLocale {
    /// The locale named by `identifier` (such as `en_CA` or `fr_CA`), else
    /// the user's when it has a currency, else `en_US`.
    public static func resolve(_ identifier: String?) -> Locale {
        if let identifier, !identifier.isEmpty {
            return Locale(identifier: identifier)
        }
        let current = Locale.current
        return current.currency == nil ? Locale(identifier: "en_US") : current
    }
}
