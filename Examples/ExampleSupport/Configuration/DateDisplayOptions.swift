import ArgumentParser
import Foundation

/// `--locale` and `--time-zone`, for examples that show dates: the lessons
/// used the machine's settings, so the same post read differently on every
/// machine; here both can be named, and default to the user's.
///
/// ```swift
/// @OptionGroup var dates: DateDisplayOptions
/// let format = TimestampFormat(locale: dates.locale, timeZone: dates.timeZone)
/// ```
public struct DateDisplayOptions: ParsableArguments, Sendable {
    /// The locale's identifier, as given.
    @Option(
        name: .customLong("locale"),
        help: "The locale for dates, such as en_GB (default: yours, or en_US if it has no region).")
    public var localeIdentifier: String?

    /// The time zone's identifier, as given.
    @Option(
        name: .customLong("time-zone"),
        help: "The time zone for dates, such as UTC or Europe/Paris (default: yours).")
    public var timeZoneIdentifier: String?

    /// Creates the defaults: the user's locale and time zone.
    public init() {}

    /// Rejects a time zone that does not exist.
    public func validate() throws {
        if let timeZoneIdentifier, TimeZone(identifier: timeZoneIdentifier) == nil {
            throw ValidationError("Unknown time zone \"\(timeZoneIdentifier)\"; use an identifier such as UTC.")
        }
    }

    /// The locale to format with.
    public var locale: Locale {
        DisplayLocale.resolve(localeIdentifier)
    }

    /// The time zone to format in.
    public var timeZone: TimeZone {
        timeZoneIdentifier.flatMap(TimeZone.init(identifier:)) ?? .current
    }
}
