import Foundation

/// Holds the scripted faults and the added latency of a `Sandbox`.
///
/// Tests reach it through `Sandbox.faults`; a running server exposes the
/// same controls on its local-only `/__sandbox/` admin routes.
///
/// Bounded, and never a queue requests wait in: at most
/// ``maxPendingFaults`` faults (each within ``Fault``'s own bounds) whose
/// bodies add up to at most ``maxPendingBodyBytes``, and a
/// request matches them outside the lock, on a snapshot, with linear
/// matching (`FaultPattern`). The lock is held only to copy the snapshot
/// or to use up one count of the fault that matched, so no request waits on
/// another request's match, however long its path or the patterns are.
public final class FaultInjector: @unchecked Sendable {
    /// The most faults pending at once; one more is refused with a
    /// ``FaultError``.
    public static let maxPendingFaults = 100
    /// The most bytes the bodies of all pending faults may hold: 16 MiB.
    public static let maxPendingBodyBytes = 16 << 20
    /// The longest added latency: ten minutes.
    public static let maxLatency = Duration.seconds(600)

    /// A pending fault and how many requests it still applies to.
    private struct Armed {
        var id: Int
        var fault: Fault

        var bodySize: Int {
            if case .respond(_, _, let body) = fault.action { return body.count }
            return 0
        }
    }

    private let lock = NSLock()
    // Guarded by `lock`.
    private var armed: [Armed] = []
    private var latency: Duration = .zero
    private var nextID = 0

    /// Creates an injector with no faults and no latency.
    public init() {}

    /// Adds a fault; faults are consulted in the order they were added.
    ///
    /// - Throws: ``FaultError`` when the fault breaks one of its bounds or
    ///   ``maxPendingFaults`` are pending already, or their bodies would
    ///   add up to more than ``maxPendingBodyBytes``.
    public func inject(_ fault: Fault) throws(FaultError) {
        try fault.validate()
        let new = Armed(id: 0, fault: fault)
        let refusal: String? = lock.withLock {
            guard armed.count < Self.maxPendingFaults else {
                return "\(Self.maxPendingFaults) faults are pending already"
            }
            guard armed.reduce(new.bodySize, { $0 + $1.bodySize }) <= Self.maxPendingBodyBytes else {
                return "The pending faults' bodies would add up to more than \(Self.maxPendingBodyBytes) bytes"
            }
            armed.append(Armed(id: nextID, fault: fault))
            nextID += 1
            return nil
        }
        if let refusal {
            throw FaultError(refusal + "; clear them first (reset(), or DELETE /__sandbox/faults on a server).")
        }
    }

    /// Sets the delay before every request is answered, clamped to zero
    /// through ``maxLatency``.
    public func setLatency(_ latency: Duration) {
        let clamped = min(max(.zero, latency), Self.maxLatency)
        lock.withLock { self.latency = clamped }
    }

    /// Removes every fault and the latency.
    public func reset() {
        lock.withLock {
            armed.removeAll()
            latency = .zero
        }
    }

    /// The delay added before every answer.
    public var addedLatency: Duration {
        lock.withLock { latency }
    }

    /// The faults not yet used up, in the order they are consulted.
    public var pending: [Fault] {
        lock.withLock { armed.map(\.fault) }
    }

    /// The latency, and the action of the first fault matching `request`
    /// (using one of its count), if any.
    public func consume(for request: SandboxRequest) -> (latency: Duration, action: Fault.Action?) {
        let (snapshot, delay) = lock.withLock { (armed, latency) }
        for candidate in snapshot where candidate.fault.matches(request) {
            if useOne(of: candidate.id) {
                return (delay, candidate.fault.action)
            }
            // Used up by another request since the snapshot: try the next.
        }
        return (delay, nil)
    }

    /// Takes one count of the fault `id`; false when it is gone.
    private func useOne(of id: Int) -> Bool {
        lock.withLock {
            guard let index = armed.firstIndex(where: { $0.id == id }) else { return false }
            armed[index].fault.count -= 1
            if armed[index].fault.count <= 0 {
                armed.remove(at: index)
            }
            return true
        }
    }
}
