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

    /// Rounds made of many short bursts: each variant's burst runs in turn,
    /// `bursts` times per round (after one unmeasured burst of each with
    /// `warmUp`); returns, per variant and round, the value of each burst in
    /// the order run.
    ///
    /// A machine whose speed wanders over a second or two (a virtual
    /// machine's does) moves long rounds of different variants differently;
    /// bursts of a tenth of a second, alternated, see the same machine, so
    /// two variants' bursts at the same position compare like with like
    /// (see ``roundRatios(_:_:)``).
    static func bursts<Value>(
        _ rounds: Int,
        bursts: Int,
        warmUp: Bool = false,
        variants: [() async throws -> Value]
    ) async throws -> [[[Value]]] {
        let count = max(1, bursts)
        let values = try await interleavedValues(max(1, rounds) * count, warmUp: warmUp, variants: variants)
        return values.map { bursts in
            stride(from: 0, to: bursts.count, by: count).map { start in
                Array(bursts[start..<min(start + count, bursts.count)])
            }
        }
    }

    /// A round's ratio of `baseline` to `variant` bursts, taken burst by
    /// burst (each pair ran back to back) and summarized by the median, so a
    /// burst that met a hiccup of the machine does not move it.
    static func pairedRatio(_ baseline: [Double], _ variant: [Double]) -> Double {
        Samples(zip(baseline, variant).map { $0 / $1 }).median
    }

    /// Each round's ``pairedRatio(_:_:)`` of `baseline` to `variant`
    /// bursts, as ``bursts(_:bursts:warmUp:variants:)`` returns them: what
    /// a burst benchmark is judged by (their median) and shows (their range).
    static func roundRatios(_ baseline: [[Double]], _ variant: [[Double]]) -> Samples {
        Samples(zip(baseline, variant).map { pairedRatio($0, $1) })
    }
}
