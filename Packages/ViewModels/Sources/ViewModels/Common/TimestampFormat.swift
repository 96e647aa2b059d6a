import Foundation

/// How the Post feed and the Message Board print a moment: a fixed pattern
/// in an explicit locale and time zone.
///
/// The lessons formatted dates with the device's settings, so the same post
/// read differently on every machine and no test could pin it. Here the
/// locale (month names, AM/PM) and the time zone are parameters; an app
/// passes the user's, tests pass fixed ones.
///
/// ```swift
/// let format = TimestampFormat(locale: Locale(identifier: "en_US_POSIX"), timeZone: .gmt)
/// format.string(from: Date(timeIntervalSince1970: 1_457_708_673.343))  // "Mar 11, 2016 3:04 PM"
/// ```
public struct TimestampFormat: Sendable, Hashable {
    /// `MMM d, yyyy h:mm a`, such as `Mar 11, 2016 3:04 PM`.
    public static let defaultPattern = "MMM d, yyyy h:mm a"

    /// The locale for month names and the AM/PM symbols.
    public var locale: Locale
    /// The time zone the clock time is read in.
    public var timeZone: TimeZone
    /// A `DateFormatter` pattern.
    public var pattern: String

    /// Creates a format; the defaults are the user's locale and time zone.
    public init(
        locale: Locale = .autoupdatingCurrent,
        timeZone: TimeZone = .autoupdatingCurrent,
        pattern: String = TimestampFormat.defaultPattern
    ) {
        self.locale = locale
        self.timeZone = timeZone
        self.pattern = pattern
    }

    /// `date` in this format.
    public func string(from date: Date) -> String {
        // A formatter per call keeps the value Sendable; screens format a
        // page of rows at a time, where the cost does not show.
        let formatter = DateFormatter()
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }
}
