#if SandboxServer
    import NIOConcurrencyHelpers

    /// The streaming responses in progress, so that stopping the server can end
    /// them: a server-sent event stream would otherwise keep its connection,
    /// and a graceful shutdown, waiting forever.
    final class OpenStreams: Sendable {
        private struct State {
            var isClosed = false
            var nextID = 0
            var enders: [Int: @Sendable () -> Void] = [:]
        }

        private let state = NIOLockedValueBox(State())

        /// Registers a stream's way to end; `nil` once the server is stopping,
        /// in which case the stream should end at once.
        func open(_ end: @escaping @Sendable () -> Void) -> Int? {
            state.withLockedValue { state in
                guard !state.isClosed else { return nil }
                state.nextID += 1
                state.enders[state.nextID] = end
                return state.nextID
            }
        }

        /// Forgets a stream that ended.
        func close(_ id: Int) {
            _ = state.withLockedValue { $0.enders.removeValue(forKey: id) }
        }

        /// Ends every open stream and every stream opened from now on.
        func endAll() {
            let enders = state.withLockedValue { state in
                state.isClosed = true
                defer { state.enders.removeAll() }
                return Array(state.enders.values)
            }
            for end in enders {
                end()
            }
        }
    }
#endif
