/// Times async work on the monotonic clock.
enum Stopwatch {
    /// Runs `work` once and returns how long it took, in seconds.
    static func seconds(_ work: () async throws -> Void) async rethrows -> Double {
        let start = ContinuousClock.now
        try await work()
        return (ContinuousClock.now - start).seconds
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
