import Foundation

/// How the SooGreyhounds screens write when a photo was taken, such as
/// `Jan 1, 2017 at 12:32 PM`.
///
/// A fixed pattern rather than a localized style, so the text is the same
/// on every platform's ICU; the locale still picks month names and the
/// AM/PM symbols.
enum PhotoDateFormat {
    static func string(from date: Date, timeZone: TimeZone, locale: Locale) -> String {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.dateFormat = "MMM d, yyyy 'at' h:mm a"
        return formatter.string(from: date)
    }
}
