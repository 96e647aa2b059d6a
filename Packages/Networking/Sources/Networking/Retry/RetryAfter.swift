import Foundation

/// Reads a `Retry-After` header: delay seconds (`120`) or an HTTP date
/// (`Wed, 21 Oct 2015 07:28:00 GMT`).
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
        if let seconds = Double(value) {
            guard seconds.isFinite, seconds >= 0 else { return nil }
            return Duration.seconds(clamping: seconds)
        }
        guard let date = HTTPDate.date(from: value) else { return nil }
        return Duration.seconds(clamping: date.timeIntervalSince(now))
    }
}
