import Foundation
import Testing

@testable import SandboxCore

@Suite("Group commit")
struct GroupCommitTests {
    /// Records each batch it is given; the first batch waits until released,
    /// so that the items submitted meanwhile queue up behind it.
    actor Writer {
        private(set) var batches: [[Int]] = []
        private var gate: CheckedContinuation<Void, Never>?
        private var isHeld = true

        func write(_ batch: [Int]) async -> [Result<Void, any Error>] {
            batches.append(batch)
            if batches.count == 1, isHeld {
                await withCheckedContinuation { gate = $0 }
            }
            return batch.map { $0 < 0 ? .failure(Refused(item: $0)) : .success(()) }
        }

        func release() {
            isHeld = false
            gate?.resume()
            gate = nil
        }

        var isWaiting: Bool { gate != nil }
    }

    struct Refused: Error, Equatable {
        let item: Int
    }

    /// Submits items in order from one actor, as a database does.
    actor Submitter {
        let commits: GroupCommit<Int>

        init(_ commits: GroupCommit<Int>) {
            self.commits = commits
        }

        /// Starts a submission of each item, in order, without waiting, and
        /// returns the tasks.
        func submitAll(_ items: [Int]) -> [Task<Result<Void, any Error>, Never>] {
            // Tasks made on an actor start on it in the order they were
            // made, as the requests of a database's writes do.
            items.map { item in
                Task {
                    do {
                        try await self.submit(item)
                        return .success(())
                    } catch {
                        return .failure(error)
                    }
                }
            }
        }

        private func submit(_ item: Int) async throws {
            try await commits.submit(item)
        }
    }

    @Test("Items that arrive during a write go together in the next batch, in order, each with its own outcome")
    func batches() async throws {
        let writer = Writer()
        let commits = GroupCommit<Int> { await writer.write($0) }
        let submitter = Submitter(commits)
        let first = await submitter.submitAll([1])
        while !(await writer.isWaiting) { try await Task.sleep(for: .milliseconds(1)) }
        let rest = await submitter.submitAll([2, 3, -4, 5])
        // Every submission reaches the queue before the first write ends.
        while commits.queuedCount < 4 { try await Task.sleep(for: .milliseconds(1)) }
        await writer.release()
        var outcomes: [String] = []
        for task in first + rest {
            switch await task.value {
            case .success: outcomes.append("ok")
            case .failure(let error): outcomes.append("\((error as? Refused)?.item ?? 0)")
            }
        }
        #expect(outcomes == ["ok", "ok", "ok", "-4", "ok"])
        #expect(await writer.batches == [[1], [2, 3, -4, 5]])
        #expect(commits.batchCount == 2)
    }

    @Test("A write that throws fails every item of its batch, and the next batch is written")
    func failedBatch() async throws {
        let calls = Calls()
        let commits = GroupCommit<Int> { batch in
            if await calls.next() == 1 { throw Refused(item: 0) }
            return batch.map { _ in .success(()) }
        }
        await #expect(throws: Refused(item: 0)) { try await commits.submit(1) }
        try await commits.submit(2)
        #expect(commits.batchCount == 2)
    }

    @Test("A writer that reports fewer outcomes than items does not report the rest as written")
    func missingOutcome() async throws {
        let commits = GroupCommit<Int> { _ in [] }
        await #expect(throws: (any Error).self) { try await commits.submit(1) }
    }

    actor Calls {
        private var count = 0
        func next() -> Int {
            count += 1
            return count
        }
    }
}
