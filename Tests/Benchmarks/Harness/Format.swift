import Foundation

/// Number formatting for the table: fixed, locale-independent, short.
enum Format {
    /// `1,234/s`.
    static func rate(_ perSecond: Double) -> String {
        "\(grouped(Int(perSecond.rounded())))/s"
    }

    /// A rate's median with its range: `1,234/s (1,200–1,250)`.
    static func rate(_ samples: Samples) -> String {
        "\(rate(samples.median)) (\(grouped(Int(samples.min.rounded())))–\(grouped(Int(samples.max.rounded()))))"
    }

    /// Seconds as `850 µs`, `12.3 ms` or `1.25 s`.
    static func duration(_ seconds: Double) -> String {
        switch seconds {
        case ..<0.001: "\(decimal(seconds * 1e6, digits: seconds < 0.000_1 ? 1 : 0)) µs"
        case ..<1: "\(decimal(seconds * 1e3, digits: seconds < 0.01 ? 2 : 1)) ms"
        default: "\(decimal(seconds, digits: 2)) s"
        }
    }

    /// A duration's median with its range: `12.3 ms (11.9–13.0 ms)`.
    static func duration(_ samples: Samples) -> String {
        "\(duration(samples.median)) (\(duration(samples.min))–\(duration(samples.max)))"
    }

    /// Bytes as `512 B`, `14.2 KB` or `1.31 MB` (powers of 1,024).
    static func bytes(_ count: Double) -> String {
        switch count {
        case ..<1024: "\(Int(count)) B"
        case ..<(1024 * 1024): "\(decimal(count / 1024, digits: 1)) KB"
        default: "\(decimal(count / 1024 / 1024, digits: 2)) MB"
        }
    }

    /// A ratio with two decimals: `0.97`.
    static func ratio(_ value: Double) -> String {
        decimal(value, digits: 2)
    }

    /// `round ratios 0.81–0.85`: the range of a burst benchmark's round
    /// ratios, which shows a slow stretch of the machine.
    static func roundRatios(_ ratios: Samples) -> String {
        "round ratios \(ratio(ratios.min))–\(ratio(ratios.max))"
    }

    /// A ratio's median with its range: `0.97 (0.95–0.99)`.
    static func ratio(_ samples: Samples) -> String {
        "\(ratio(samples.median)) (\(ratio(samples.min))–\(ratio(samples.max)))"
    }

    /// A percentage: `2.4%`.
    static func percent(_ fraction: Double) -> String {
        "\(decimal(fraction * 100, digits: fraction < 0.1 ? 1 : 0))%"
    }

    /// `value` with `digits` decimals, always with a `.`.
    static func decimal(_ value: Double, digits: Int) -> String {
        String(format: "%.\(digits)f", locale: Locale(identifier: "en_US_POSIX"), value)
    }

    /// `12345` as `12,345`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(digits[start..<end], at: 0)
            end = start
        }
        return (value < 0 ? "-" : "") + groups.joined(separator: ",")
    }
}
