#if SandboxServer
    import Foundation
    import NIOConcurrencyHelpers

    #if canImport(Glibc)
        import Glibc
    #endif

    /// The bytes every open stream of a server holds for readers that have not
    /// taken them, bounded per stream and as a whole.
    ///
    /// A reader that stops reading makes its stream's queue grow while the
    /// emulator goes on producing events. One stream may hold ``perStream``
    /// bytes; all of them together ``total``. Past either bound the slowest
    /// readers (the longest queues) are dropped first, until the rest fit:
    /// each gets the emulator's cancel event (Firebase's `event: cancel`) in
    /// place of what was queued for it, and its connection is closed, as the
    /// real Firebase drops a client that cannot keep up. Everything it held is
    /// released; once no stream holds anything (and a moment has passed for
    /// the connections to be torn down), the allocator is asked to give freed
    /// memory back to the system (glibc keeps it otherwise).
    final class StreamBudget: Sendable {
        /// The default bound for all streams together: 64 MiB.
        static let defaultTotal = 64 << 20
        /// The default bound for one stream: 8 MiB, a few hundred times a
        /// lesson's largest event.
        static let defaultPerStream = 8 << 20
        /// The default time a dropped reader has to take its cancel event.
        static let defaultDropGracePeriod: Duration = .seconds(10)

        /// One stream's entry.
        private struct Entry {
            /// Empties the stream's queue for its cancel event and closes it.
            var drop: @Sendable () -> Void
            var bytes = 0
        }

        private struct State {
            var entries: [Int: Entry] = [:]
            var nextID = 0
            var queued = 0
            /// Whether much was queued since memory was last given back.
            var grewSinceTrim = false
        }

        /// The bound for all streams together.
        let total: Int
        /// The bound for one stream.
        let perStream: Int
        /// How long a dropped reader has to take its cancel event (and what was
        /// on its way before it) before its connection is closed under it.
        let dropGracePeriod: Duration
        private let state = NIOLockedValueBox(State())

        init(
            total: Int = StreamBudget.defaultTotal, perStream: Int = StreamBudget.defaultPerStream,
            dropGracePeriod: Duration = StreamBudget.defaultDropGracePeriod
        ) {
            self.total = max(1, total)
            self.perStream = max(1, min(perStream, total))
            self.dropGracePeriod = dropGracePeriod
        }

        /// Registers a stream with what to do when its reader is dropped.
        func register(drop: @escaping @Sendable () -> Void) -> Int {
            state.withLockedValue { state in
                state.nextID += 1
                state.entries[state.nextID] = Entry(drop: drop)
                return state.nextID
            }
        }

        /// Forgets a stream that ended; gives memory back once nothing is queued
        /// after a large backlog.
        func unregister(_ id: Int) {
            let trim = state.withLockedValue { state -> Bool in
                if let entry = state.entries.removeValue(forKey: id) {
                    state.queued -= entry.bytes
                }
                guard state.queued == 0, state.grewSinceTrim else { return false }
                state.grewSinceTrim = false
                return true
            }
            if trim {
                releaseFreedMemorySoon()
            }
        }

        /// How long after the last stream with a backlog ends memory is given
        /// back: its connection's buffers and the emulator's queue for it are
        /// freed a moment after it unregisters, and a trim before then finds
        /// little to return.
        static let trimDelay: Duration = .seconds(1)

        /// Gives freed memory back after ``trimDelay``, unless streams hold a
        /// backlog again by then (the next to end will try again).
        private func releaseFreedMemorySoon() {
            Task { [state] in
                try? await Task.sleep(for: Self.trimDelay)
                guard state.withLockedValue({ $0.queued == 0 }) else { return }
                Self.releaseFreedMemory()
            }
        }

        /// `bytes` were queued for stream `id`; drops the readers that no longer
        /// fit (this one, if it is over ``perStream``).
        func queued(_ bytes: Int, for id: Int) {
            let victims = state.withLockedValue { state -> [@Sendable () -> Void] in
                guard state.entries[id] != nil else { return [] }
                state.entries[id]?.bytes += bytes
                state.queued += bytes
                if state.queued > perStream {
                    state.grewSinceTrim = true
                }
                var victims: [@Sendable () -> Void] = []
                if let entry = state.entries[id], entry.bytes > perStream {
                    victims.append(Self.drop(id, in: &state))
                }
                while state.queued > total, let slowest = Self.slowest(in: state) {
                    victims.append(Self.drop(slowest, in: &state))
                }
                return victims
            }
            for drop in victims {
                drop()
            }
        }

        /// `bytes` of stream `id` were written to its reader.
        func sent(_ bytes: Int, for id: Int) {
            state.withLockedValue { state in
                guard state.entries[id] != nil else { return }
                state.entries[id]?.bytes -= bytes
                state.queued -= bytes
            }
        }

        /// The bytes queued across all streams now.
        var queuedBytes: Int {
            state.withLockedValue(\.queued)
        }

        /// The stream with the longest queue: the slowest reader. A scan of the
        /// open streams, made only when the total is over its bound.
        private static func slowest(in state: State) -> Int? {
            var slowest: (id: Int, bytes: Int)?
            for (id, entry) in state.entries where entry.bytes > (slowest?.bytes ?? 0) {
                slowest = (id, entry.bytes)
            }
            return slowest?.id
        }

        /// Takes a stream out of the accounting: its queue is about to be
        /// emptied.
        private static func drop(_ id: Int, in state: inout State) -> @Sendable () -> Void {
            guard let entry = state.entries.removeValue(forKey: id) else { return {} }
            state.queued -= entry.bytes
            return entry.drop
        }

        /// Asks the allocator to return freed pages to the system: glibc's
        /// `malloc_trim`, looked up once (its header is not in Swift's Glibc
        /// module); elsewhere the allocator does it by itself.
        private static func releaseFreedMemory() {
            #if canImport(Glibc)
                _ = mallocTrim?(0)
            #endif
        }

        #if canImport(Glibc)
            private static let mallocTrim: (@convention(c) (Int) -> Int32)? = dlsym(nil, "malloc_trim").map {
                unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self)
            }
        #endif
    }
#endif
