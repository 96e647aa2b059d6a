import Foundation

/// Holds the scripted faults and the added latency of a ``Sandbox``.
///
/// Tests reach it through ``Sandbox/faults``; a running server exposes the
/// same controls on its local-only `/__sandbox/` admin routes.
public actor FaultInjector {
    private var faults: [Fault] = []
    private var latency: Duration = .zero

    /// Creates an injector with no faults and no latency.
    public init() {}

    /// Adds a fault; faults are consulted in the order they were added.
    public func inject(_ fault: Fault) {
        faults.append(fault)
    }

    /// Adds a delay before every request is answered.
    public func setLatency(_ latency: Duration) {
        self.latency = max(.zero, latency)
    }

    /// Removes every fault and the latency.
    public func reset() {
        faults.removeAll()
        latency = .zero
    }

    /// The delay added before every answer.
    public var addedLatency: Duration {
        latency
    }

    /// The faults not yet used up.
    public var pending: [Fault] {
        faults
    }

    /// The latency, and the action of the first fault matching `request`
    /// (using one of its count), if any.
    func consume(for request: SandboxRequest) -> (latency: Duration, action: Fault.Action?) {
        guard let index = faults.firstIndex(where: { $0.matches(request) }) else { return (latency, nil) }
        let action = faults[index].action
        faults[index].count -= 1
        if faults[index].count <= 0 {
            faults.remove(at: index)
        }
        return (latency, action)
    }
}
