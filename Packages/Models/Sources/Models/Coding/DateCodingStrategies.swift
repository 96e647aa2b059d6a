import Foundation
import Networking

extension JSONDecoder.DateDecodingStrategy {
    /// ISO-8601 timestamps with or without fractional seconds:
    /// Airtable's `2015-02-10T20:57:11.000Z` and Bankey's `2010-06-21T15:29:32Z`
    /// both decode. Foundation's `.iso8601` rejects the first.
    public static var iso8601Flexible: Self {
        parsing("an ISO-8601 date such as 2010-06-21T15:29:32Z") { ISO8601.date(from: $0) }
    }

    /// A fixed pattern such as SooGreyhounds' `yyyy-MM-dd HH:mm:ss`, read with
    /// the `en_US_POSIX` locale in an explicit time zone, so the result does
    /// not depend on the device's settings.
    public static func fixedFormat(_ pattern: String, timeZone: TimeZone) -> Self {
        let parser = FixedFormatDateParser(pattern: pattern, timeZone: timeZone)
        return parsing("a date formatted \(pattern)") { parser.date(from: $0) }
    }

    /// Reads a string and makes a date of it with `parse`; text it cannot
    /// read fails with what was `expected`.
    private static func parsing(_ expected: String, _ parse: @escaping @Sendable (String) -> Date?) -> Self {
        .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Expected \(expected), found \"\(text)\"")
            }
            return date
        }
    }
}

extension JSONEncoder.DateEncodingStrategy {
    /// ISO-8601 in UTC, with milliseconds when `fractionalSeconds` is true.
    public static func iso8601(fractionalSeconds: Bool) -> Self {
        .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601.string(from: date, fractionalSeconds: fractionalSeconds))
        }
    }
}

/// A `DateFormatter` for one fixed pattern, usable from any thread.
///
/// `DateFormatter` is a mutable class; the lock keeps concurrent decodes
/// from sharing its state mid-parse.
public final class FixedFormatDateParser: @unchecked Sendable {
    private let formatter: DateFormatter
    private let lock = NSLock()

    /// Creates a parser for `pattern` in `timeZone`, with the `en_US_POSIX` locale.
    public init(pattern: String, timeZone: TimeZone) {
        formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
    }

    /// The date `text` denotes, or `nil`.
    public func date(from text: String) -> Date? {
        lock.withLock { formatter.date(from: text) }
    }

    /// `date` formatted with the pattern.
    public func string(from date: Date) -> String {
        lock.withLock { formatter.string(from: date) }
    }
}
