import Foundation
import Networking

/// How a stream notices that its connection went quiet, and how it comes
/// back.
///
/// Firebase sends a `keep-alive` event every 30 seconds or so on an idle
/// stream. A connection that carries no byte for ``idleTimeout`` is taken
/// for dead (a laptop lid closed, a NAT that forgot the flow) and replaced,
/// like one that dropped. Reconnection waits with exponential backoff and
/// full jitter: a random delay up to `baseDelay × 2^(failures − 1)`, capped
/// at ``maxDelay``. The count of failures starts again once a new
/// connection delivers its first event.
///
/// ```swift
/// var policy = FirebaseStreamPolicy()
/// policy.idleTimeout = .seconds(45)
/// policy.maxConsecutiveFailures = 10  // then the stream throws
/// ```
public struct FirebaseStreamPolicy: Sendable {
    /// How long a connection may stay silent before it is replaced.
    public var idleTimeout: Duration
    /// The backoff unit: the first reconnection waits up to this long.
    public var baseDelay: Duration
    /// The longest wait between reconnections.
    public var maxDelay: Duration
    /// How many reconnections in a row may fail before the stream gives up
    /// and throws the last error; `nil` retries for as long as the stream
    /// is consumed.
    public var maxConsecutiveFailures: Int?
    /// The clock a stream measures silence and waits between reconnections
    /// on; injectable so tests decide when a connection has gone quiet.
    public var clock: RetryClock
    /// Returns a random number in the range; injectable for tests.
    public var random: @Sendable (ClosedRange<Double>) -> Double

    /// Creates a policy.
    public init(
        idleTimeout: Duration = .seconds(75),
        baseDelay: Duration = .milliseconds(500),
        maxDelay: Duration = .seconds(30),
        maxConsecutiveFailures: Int? = nil,
        clock: RetryClock = .system,
        random: @escaping @Sendable (ClosedRange<Double>) -> Double = { Double.random(in: $0) }
    ) {
        self.idleTimeout = idleTimeout
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxConsecutiveFailures = maxConsecutiveFailures
        self.clock = clock
        self.random = random
    }

    /// The wait before reconnection number `failures` (starting at 1): the
    /// SDK's one backoff, ``/Networking/RetryPolicy/backoff(forRetry:)``.
    func delay(afterFailures failures: Int) -> Duration {
        RetryPolicy(baseDelay: baseDelay, maxDelay: maxDelay, clock: clock, random: random)
            .backoff(forRetry: failures)
    }
}
