import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs `operation`, and gives up on it after `timeout` (cancelling it)
/// with `URLError(.timedOut)`; without a timeout it just runs it. A
/// request's own timeout is only the longest silence between bytes, so a
/// server that sends a byte every few seconds never trips it: this bounds
/// the whole exchange.
public func withDeadline<T: Sendable>(
    _ timeout: Duration?,
    _ operation: @escaping @Sendable () async -> T
) async throws -> T {
    guard let timeout else { return await operation() }
    return try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { await operation() }
        group.addTask {
            try await Task.sleep(for: timeout)
            throw URLError(.timedOut)
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw URLError(.timedOut) }
        return first
    }
}
