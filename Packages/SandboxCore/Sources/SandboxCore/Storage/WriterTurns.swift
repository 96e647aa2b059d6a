/// One writer at a time in an actor whose writes await their storage
/// commit: an actor alone lets a second write run while the first is
/// suspended, so each write takes its turn here first, in arrival order.
///
/// It belongs to one actor and is used only from it:
///
/// ```swift
/// actor Store {
///     private let turns = WriterTurns()
///     func write() async throws {
///         await turns.begin()
///         defer { turns.end() }
///         try await storage.commit(changes, in: namespace)
///     }
/// }
/// ```
public final class WriterTurns {
    private var isWriting = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// No writer yet.
    public init() {}

    /// Waits until no other write is under way, then starts this one.
    public func begin(isolation: isolated (any Actor) = #isolation) async {
        guard isWriting else {
            isWriting = true
            return
        }
        await withCheckedContinuation(isolation: isolation) { waiting.append($0) }
    }

    /// Ends this write and starts the next one waiting, if any.
    public func end() {
        if waiting.isEmpty {
            isWriting = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
