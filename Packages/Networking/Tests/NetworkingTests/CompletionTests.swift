import Foundation
import Networking
import Synchronization
import Testing

@Suite("Completion handlers")
struct CompletionTests {
    @Test("The completion runs on the main queue with the result")
    func mainQueue() async throws {
        let client = makeClient(ScriptedTransport(always: .json("[1,2]")))
        let value: [Int] = try await withCheckedThrowingContinuation { continuation in
            client.send(NetworkRequest<[Int]>.get("x")) { result in
                dispatchPrecondition(condition: .onQueue(.main))
                MainActor.assertIsolated()
                continuation.resume(with: result)
            }
        }
        #expect(value == [1, 2])
    }

    @Test("Failures arrive as NetworkError on the main queue")
    func failure() async throws {
        let client = makeClient(ScriptedTransport(always: TransportResponse(status: 404)))
        let result: Result<[Int], NetworkError> = await withCheckedContinuation { continuation in
            client.send(NetworkRequest<[Int]>.get("x")) { result in
                dispatchPrecondition(condition: .onQueue(.main))
                continuation.resume(returning: result)
            }
        }
        guard case .failure(.notFound) = result else {
            Issue.record("got \(result)")
            return
        }
    }

    @Test("Cancelling the returned task delivers cancelled")
    func cancel() async throws {
        let server = try LoopbackServer { _ in .delayed(30, status: 200, body: Data("[]".utf8)) }
        defer { server.stop() }
        let client = NetworkClient(baseURL: server.baseURL)
        let result: Result<[Int], NetworkError> = await withCheckedContinuation { continuation in
            let task = client.send(NetworkRequest<[Int]>.get("slow")) { result in
                continuation.resume(returning: result)
            }
            Task {
                try await Task.sleep(for: .milliseconds(200))
                task.cancel()
            }
        }
        guard case .failure(.cancelled) = result else {
            Issue.record("got \(result)")
            return
        }
    }

    /// The error type of a client's own API, such as Bankey's.
    struct LessonError: Error, Equatable {
        let code: Int
    }

    @Test("Any typed error reaches the completion on the main queue, before the task finishes")
    func typedErrorAndWaiting() async {
        let delivered = Mutex<Result<Int, LessonError>?>(nil)
        let task = NetworkTask { (result: Result<Int, LessonError>) in
            MainActor.assertIsolated()
            delivered.withLock { $0 = result }
        } operation: { () async throws(LessonError) in
            throw LessonError(code: 7)
        }
        await task.waitUntilFinished()
        #expect(delivered.withLock { $0 } == .failure(LessonError(code: 7)))
    }

    @Test("Result.capturing keeps an async operation's value or its typed error")
    func capturing() async {
        let value = await Result.capturing { () async throws(LessonError) in 42 }
        let failure = await Result.capturing { () async throws(LessonError) -> Int in throw LessonError(code: 3) }
        #expect(value == .success(42))
        #expect(failure == .failure(LessonError(code: 3)))
    }
}
