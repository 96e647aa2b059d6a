import Foundation

/// Counts the bytes of one transfer and tells a handler, at a sensible rate:
/// when another hundredth of a known total has moved (or another 64 KiB of
/// an unknown one), and always at the end, so a handler that updates a
/// screen is called about a hundred times however large the transfer.
///
/// Counting is a lock and an addition per chunk; the handler is called
/// outside the lock, in order (reports are made by one reader at a time).
final class ProgressReporter: @unchecked Sendable {
    private(set) var total: Int?
    private let handler: @Sendable (TransferProgress) -> Void
    private var step: Int
    private let lock = NSLock()
    private var completed = 0
    private var reported = -1

    init(total: Int?, handler: @escaping @Sendable (TransferProgress) -> Void) {
        self.total = total
        self.handler = handler
        step = Self.step(for: total)
    }

    private static func step(for total: Int?) -> Int {
        max(1, total.map { $0 / 100 } ?? 64 << 10)
    }

    /// Starts over, for another attempt.
    func restart() {
        start(completed: 0, total: lock.withLock { total })
    }

    /// Starts counting from `completed` bytes of `total`, and reports it:
    /// a download learns its total from the response, and a resumed one
    /// goes on from the bytes it has.
    func start(completed: Int, total: Int?) {
        lock.withLock {
            self.completed = completed
            self.total = total
            step = Self.step(for: total)
            reported = completed
        }
        handler(TransferProgress(completed: completed, total: total))
    }

    /// Adds `count` bytes, reporting when another step has moved.
    func add(_ count: Int) {
        guard count > 0 else { return }
        let report: TransferProgress? = lock.withLock {
            completed += count
            guard completed - reported >= step || completed == total else { return nil }
            reported = completed
            return TransferProgress(completed: completed, total: total)
        }
        if let report { handler(report) }
    }

    /// Reports the final count when the last report was not of it (an
    /// unknown total ends between two steps).
    func finish() {
        let report: TransferProgress? = lock.withLock {
            guard reported != completed else { return nil }
            reported = completed
            return TransferProgress(completed: completed, total: total ?? completed)
        }
        if let report { handler(report) }
    }
}
