#if SandboxServer
    import Dispatch
    import Foundation
    import NIOConcurrencyHelpers

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// What asks the sandbox to stop: SIGINT (Ctrl-C) or SIGTERM, and
    /// optionally its standard input closing. A second signal while stopping
    /// exits at once, for when a graceful stop takes too long for the person at
    /// the keyboard.
    ///
    /// Installed before the server starts, so a signal during start-up is not
    /// lost; kept alive until the process ends. The `sandbox` command and the
    /// examples' `--console` use it to run until Ctrl-C:
    ///
    /// ```swift
    /// let signals = TerminationSignals(watchingStandardInput: false)
    /// let reason = await signals.next()  // "SIGINT"
    /// ```
    public final class TerminationSignals {
        private var sources: [any DispatchSourceSignal] = []
        private let reasons: AsyncStream<String>

        /// Starts watching SIGINT and SIGTERM (which no longer end the process
        /// by themselves), and standard input when `watchingStandardInput`.
        public init(watchingStandardInput: Bool) {
            let (reasons, report) = AsyncStream<String>.makeStream()
            self.reasons = reasons
            let received = NIOLockedValueBox(0)
            let arrive: @Sendable (String, Bool) -> Void = { reason, isSignal in
                let count = received.withLockedValue { count in
                    count += 1
                    return count
                }
                if count > 1, isSignal {
                    exit(130)
                }
                report.yield(reason)
            }
            let queue = DispatchQueue(label: "sandbox.signals")
            for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler { arrive(name, true) }
                source.resume()
                sources.append(source)
            }
            if watchingStandardInput {
                Thread.detachNewThread {
                    var buffer = [UInt8](repeating: 0, count: 4096)
                    while read(STDIN_FILENO, &buffer, buffer.count) > 0 {}
                    arrive("standard input closed", false)
                }
            }
        }

        /// Waits for the first request to stop and names it.
        public func next() async -> String {
            var iterator = reasons.makeAsyncIterator()
            return await iterator.next() ?? "shutdown"
        }
    }
#endif
