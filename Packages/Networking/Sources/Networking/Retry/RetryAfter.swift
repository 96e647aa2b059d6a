import Foundation

/// Reads a `Retry-After` header as RFC 9110 (§10.2.3) defines it:
/// `delay-seconds` (`1*DIGIT`, such as `120`) or an HTTP date
/// (`Wed, 21 Oct 2015 07:28:00 GMT`, or the two obsolete forms). Anything
/// else (`0x10`, `1e3`, `16.5`, `-1`, `+5`) is as if the header were absent:
/// a number parser would read `0x10` as 16 seconds.
enum RetryAfter {
    /// The delay the header asks for, measured from `now`; a date in the
    /// past gives zero, and anything unreadable gives `nil`.
    ///
    /// A server may ask for any delay (`1e300`, a date in year 9999); the
    /// result is clamped to ``Swift/Duration/maximumConvertible`` so it is
    /// always a real duration, and ``RetryPolicy`` decides whether it is
    /// worth waiting for.
    static func parse(_ value: String?, now: Date) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty, value.utf8.count <= 64 else {
            return nil
        }
        if value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // Digits only: a Double holds any count of them (rounded), so
            // 40 nines clamp instead of overflowing an integer.
            return Double(value).flatMap { Duration.seconds(clamping: $0) }  // safe: ASCII digits only, clamped
        }
        guard let date = HTTPDate.date(from: value) else { return nil }
        return Duration.seconds(clamping: date.timeIntervalSince(now))
    }
}
