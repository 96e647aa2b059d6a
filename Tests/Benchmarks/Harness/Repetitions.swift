/// Runs the variants of a comparison in turns.
///
/// Each variant runs once unmeasured (connections opened, caches and code
/// warm), then every variant runs once per round. The order alternates
/// between rounds, so a change in the machine's load during the run hits
/// every variant alike instead of whichever ran last, and a ratio of two
/// medians taken from the same run stays meaningful on a busy machine.
enum Repetitions {
    /// One sample per variant per round; `measure` returns what it measured
    /// (seconds, usually).
    static func interleaved(
        _ rounds: Int,
        warmUp: Bool = true,
        variants: [() async throws -> Double]
    ) async throws -> [Samples] {
        try await interleavedValues(rounds, warmUp: warmUp, variants: variants).map(Samples.init)
    }

    /// One value per variant per round, in the order measured, for a
    /// benchmark that takes more than one figure from each round.
    static func interleavedValues<Value>(
        _ rounds: Int,
        warmUp: Bool = true,
        variants: [() async throws -> Value]
    ) async throws -> [[Value]] {
        if warmUp {
            for variant in variants {
                _ = try await variant()
            }
        }
        var values = [[Value]](repeating: [], count: variants.count)
        for round in 0..<max(1, rounds) {
            let order = round.isMultiple(of: 2) ? Array(variants.indices) : variants.indices.reversed()
            for index in order {
                values[index].append(try await variants[index]())
            }
        }
        return values
    }
}
