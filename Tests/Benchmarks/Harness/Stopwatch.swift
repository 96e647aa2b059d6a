#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Times async work on the monotonic clock.
enum Stopwatch {
    /// Runs `work` once and returns how long it took, in seconds.
    static func seconds(_ work: () async throws -> Void) async rethrows -> Double {
        let start = ContinuousClock.now
        try await work()
        return (ContinuousClock.now - start).seconds
    }

    /// Runs `work` once and returns the wall time it took and the CPU time
    /// the whole process spent meanwhile (every thread: URLSession's and
    /// the executor's as well as the caller's), in seconds.
    static func wallAndCPUSeconds(_ work: () async throws -> Void) async rethrows -> Elapsed {
        let cpuStart = processCPUSeconds()
        let wall = try await seconds(work)
        return Elapsed(wall: wall, cpu: processCPUSeconds() - cpuStart)
    }

    /// The CPU time this process has used so far, in seconds.
    static func processCPUSeconds() -> Double {
        var time = timespec()
        guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time) == 0 else { return .nan }
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}

/// Wall and CPU seconds of one piece of work; sums add both.
struct Elapsed: AdditiveArithmetic, Sendable {
    var wall: Double
    var cpu: Double

    static let zero = Elapsed(wall: 0, cpu: 0)

    static func + (lhs: Elapsed, rhs: Elapsed) -> Elapsed {
        Elapsed(wall: lhs.wall + rhs.wall, cpu: lhs.cpu + rhs.cpu)
    }

    static func - (lhs: Elapsed, rhs: Elapsed) -> Elapsed {
        Elapsed(wall: lhs.wall - rhs.wall, cpu: lhs.cpu - rhs.cpu)
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
