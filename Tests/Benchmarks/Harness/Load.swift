/// Sends a fixed number of requests with a fixed number in flight.
enum Load {
    /// Calls `operation` `total` times, at most `inFlight` at once, and
    /// returns the elapsed seconds.
    ///
    /// One call at a time is a plain loop; more run as `inFlight` workers
    /// that each make their share of the calls back to back, which keeps
    /// exactly that many requests outstanding without a task per request.
    static func run(
        total: Int,
        inFlight: Int,
        _ operation: @escaping @Sendable () async throws -> Void
    ) async throws -> Double {
        let workers = max(1, min(inFlight, total))
        if workers == 1 {
            return try await Stopwatch.seconds {
                for _ in 0..<total {
                    try await operation()
                }
            }
        }
        return try await Stopwatch.seconds {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<workers {
                    // Spreads the remainder so the shares add up to `total`.
                    let share = total / workers + (worker < total % workers ? 1 : 0)
                    group.addTask {
                        for _ in 0..<share {
                            try await operation()
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
    }

    /// Requests per second for `total` requests that took `seconds`.
    static func rate(_ total: Int, _ seconds: Double) -> Double {
        Double(total) / seconds
    }
}
