/// The bound a benchmark's ratio is judged against, as the issue states it.
struct Target: Sendable {
    /// How the table shows it, such as `≥ 0.95`.
    let text: String
    /// Whether a ratio meets it.
    let isMet: @Sendable (Double) -> Bool

    /// The ratio must be at least `bound` (speed relative to a baseline).
    static func atLeast(_ bound: Double, suffix: String = "") -> Target {
        Target(text: "≥ \(Format.ratio(bound))\(suffix)") { $0 >= bound }
    }

    /// The ratio must be at most `bound` (time relative to a baseline).
    static func atMost(_ bound: Double, suffix: String = "") -> Target {
        Target(text: "≤ \(Format.ratio(bound))\(suffix)") { $0 <= bound }
    }

    /// The value must stay under `bound`, shown as `text`.
    static func below(_ bound: Double, text: String) -> Target {
        Target(text: "< \(text)") { $0 < bound }
    }
}
