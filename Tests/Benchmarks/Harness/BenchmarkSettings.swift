/// How much work each benchmark does.
struct BenchmarkSettings: Sendable {
    /// Measured rounds per variant; the table reports their median.
    var rounds: Int
    /// 1 for the sizes; less for a quick check while developing.
    var scale: Double
    /// Benchmark 12's layers to run, by number from 1; all when empty (for
    /// profiling one layer against another).
    var layers: Set<Int> = []
    /// Benchmark 12's concurrency when only one is wanted (1 or 16); both
    /// when `nil`.
    var inFlight: Int?

    /// `full`, scaled, and at least `minimum`.
    func count(_ full: Int, minimum: Int = 1) -> Int {
        max(minimum, Int((Double(full) * scale).rounded()))
    }
}
