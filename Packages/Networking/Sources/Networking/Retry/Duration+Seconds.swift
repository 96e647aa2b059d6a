import Foundation

extension Duration {
    /// The longest duration the SDK converts a number of seconds into:
    /// about 34,000 years, far below where counting milliseconds in an
    /// `Int64` would overflow.
    public static let maximumConvertible: Duration = .seconds(Int64(1) << 40)

    /// `seconds` as a duration, clamped into `range`; `nil` when it is not a
    /// number.
    ///
    /// Every number of seconds that comes from outside (a header, a body, a
    /// configuration value, a clock) goes through this instead of
    /// a conversion to `Int64` of `seconds * 1000`, which traps for `1e300`
    /// or infinity.
    ///
    /// ```swift
    /// Duration.seconds(clamping: 1e300)   // Duration.maximumConvertible
    /// Duration.seconds(clamping: -5)      // .zero
    /// Duration.seconds(clamping: .nan)    // nil
    /// ```
    public static func seconds(
        clamping seconds: Double, to range: ClosedRange<Duration> = .zero...maximumConvertible
    ) -> Duration? {
        guard !seconds.isNaN else { return nil }
        let lower = max(range.lowerBound, .zero - maximumConvertible)
        let upper = min(range.upperBound, maximumConvertible)
        let clamped = min(max(seconds, lower.seconds), upper.seconds)
        // The clamped value lies within ±2^40 s, so the milliseconds fit.
        return .milliseconds(Int64((clamped * 1000).rounded()))  // safe: clamped
    }

    /// The duration in seconds as a `Double`.
    public var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    var formattedSeconds: String {
        let value = seconds
        // safe: a whole number of seconds below 2^53 converts exactly.
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            return "\(Int(value)) s"
        }
        return String(format: "%.1f s", value)
    }
}
