import Foundation

/// Group commit, written once for the Sandbox: callers hand in items; while
/// one batch is being written, newly arriving items queue up, and the next
/// batch takes all of them, in arrival order. Each caller returns once the
/// batch holding its item is written, with its own item's outcome.
///
/// Writing one batch at a time keeps their order; batching shares one
/// costly step (an fsync, a transaction) among everyone who arrived during
/// the previous one. ``submit(_:isolation:)`` queues the item before it
/// suspends, on the caller's actor, so one actor's items are written in the
/// order it submitted them. The Firebase emulator's databases commit their
/// writes through one (their events then go out in order), and so does
/// `SQLiteStorage`, whose batches are transactions.
public final class GroupCommit<Item: Sendable>: @unchecked Sendable {
    /// Writes one batch, oldest item first, and returns each item's outcome
    /// in the same order; throwing fails every item of the batch.
    public typealias WriteBatch = @Sendable ([Item]) async throws -> [Result<Void, any Error>]

    private struct Waiter {
        var item: Item
        var continuation: CheckedContinuation<Void, any Error>
    }

    /// Guards the three fields below; held only to queue or take a batch.
    private let lock = NSLock()
    private var queue: [Waiter] = []
    private var isWriting = false
    private var batches = 0
    private let write: WriteBatch

    /// Creates a group commit that writes each batch with `write`.
    public init(write: @escaping WriteBatch) {
        self.write = write
    }

    /// The batches written so far.
    public var batchCount: Int {
        lock.withLock { batches }
    }

    /// The items queued for the next batch: those that arrived while a batch
    /// is being written.
    public var queuedCount: Int {
        lock.withLock { queue.count }
    }

    /// Queues `item` and returns once the batch holding it is written.
    ///
    /// - Throws: The item's error, or the batch's when the whole write
    ///   failed.
    public func submit(_ item: Item, isolation: isolated (any Actor)? = #isolation) async throws {
        try await withCheckedThrowingContinuation(isolation: isolation) { continuation in
            let startsWriting = lock.withLock {
                queue.append(Waiter(item: item, continuation: continuation))
                guard !isWriting else { return false }
                isWriting = true
                return true
            }
            if startsWriting {
                Task { await self.writeQueued() }
            }
        }
    }

    /// Writes batches until the queue is empty.
    private func writeQueued() async {
        while let batch = takeBatch() {
            do {
                let outcomes = try await write(batch.map(\.item))
                for (index, waiter) in batch.enumerated() {
                    // A writer that returns too few outcomes has not said the
                    // item was written: it is not reported as written.
                    let outcome = index < outcomes.count ? outcomes[index] : .failure(GroupCommitError.noOutcome)
                    waiter.continuation.resume(with: outcome)
                }
            } catch {
                for waiter in batch {
                    waiter.continuation.resume(throwing: error)
                }
            }
        }
    }

    /// Everything queued, or `nil` (and writing stops) when nothing is.
    private func takeBatch() -> [Waiter]? {
        lock.withLock {
            guard !queue.isEmpty else {
                isWriting = false
                return nil
            }
            batches += 1
            defer { queue.removeAll() }
            return queue
        }
    }
}

/// A batch writer returned fewer outcomes than it was given items.
public struct GroupCommitError: Error {
    static let noOutcome = GroupCommitError()
}
