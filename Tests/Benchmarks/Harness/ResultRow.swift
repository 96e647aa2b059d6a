/// One line of the results table.
struct ResultRow: Sendable {
    /// Whether the row met its target.
    enum Verdict: String, Sendable {
        /// The target was met.
        case pass
        /// The target was missed.
        case miss
        /// The row has no target; it is there to be read.
        case info = "–"
    }

    /// The benchmark's number in the issue and what it measures.
    var benchmark: String
    /// The measured figures: medians, with the range over the repetitions.
    var measured: String
    /// Which ratio the row is judged by.
    var judgedBy: String
    /// The ratio, formatted.
    var ratio: String
    /// The target, formatted; `–` for none.
    var target: String
    /// Pass, miss, or informational.
    var verdict: Verdict

    /// A row judged by `value` against `target`; `extraCondition` must hold
    /// too (the cache pass must also make no requests).
    static func judged(
        _ benchmark: String,
        measured: String,
        judgedBy: String,
        value: Double,
        ratio: String,
        target: Target,
        extraCondition: Bool = true
    ) -> ResultRow {
        ResultRow(
            benchmark: benchmark, measured: measured, judgedBy: judgedBy, ratio: ratio, target: target.text,
            verdict: target.isMet(value) && extraCondition ? .pass : .miss)
    }

    /// A row without a target.
    static func info(_ benchmark: String, measured: String, judgedBy: String = "–", ratio: String = "–")
        -> ResultRow
    {
        ResultRow(
            benchmark: benchmark, measured: measured, judgedBy: judgedBy, ratio: ratio, target: "–", verdict: .info)
    }
}
