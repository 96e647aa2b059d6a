/// A benchmark could not measure what it meant to, so its numbers would be
/// meaningless; the run stops with the reason instead.
struct BenchmarkFailure: Error, CustomStringConvertible {
    /// What went wrong.
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
