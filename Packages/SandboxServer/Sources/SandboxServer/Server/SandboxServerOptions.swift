#if SandboxServer
    import Foundation
    import Sandbox

    /// How a ``SandboxServer`` is started: where it listens, where it keeps its
    /// data, and how the emulators are set up.
    ///
    /// ```swift
    /// var options = SandboxServerOptions()
    /// options.dataDirectory = URL(filePath: ".sandbox-data")
    /// options.configuration.firebase.authSecret = "s3cret"
    /// let server = try await SandboxServer.start(options)
    /// ```
    public struct SandboxServerOptions: Sendable {
        /// The address to listen on; loopback by default, so nothing outside this
        /// machine can reach the sandbox unless asked (`0.0.0.0` or `::`).
        public var host: String
        /// The port to listen on; 0 picks a free one, reported by
        /// ``SandboxServer/port`` once started.
        public var port: Int
        /// Where the emulators' data is kept durably (`sandbox.sqlite` inside it);
        /// `nil` keeps everything in memory.
        public var dataDirectory: URL?
        /// The emulators' settings.
        public var configuration: SandboxConfiguration
        /// Whether the `/__sandbox/` admin routes and the console (faults,
        /// latency, the request log) answer callers on other machines too. Off
        /// by default: a Sandbox bound to the network for a phone still takes
        /// its controls only from this machine, and answers anyone else 403.
        public var allowsRemoteAdmin: Bool
        /// Host names, besides loopback ones and the address the server bound,
        /// by which the admin routes and the console may be reached (`sandbox
        /// --admin-host NAME`): a name no web page can point elsewhere, such as
        /// one in `/etc/hosts`. Any other `Host` gets a 403, which is what
        /// stops DNS rebinding.
        public var adminHosts: [String]
        /// The most bytes all event streams together may hold for readers that
        /// have not taken them (64 MiB by default; one stream, 8 MiB at most).
        /// Past it the slowest readers are dropped first, each with a `cancel`
        /// event, so slow or stalled readers cannot exhaust memory.
        public var maxQueuedStreamBytes: Int = 64 << 20
        /// How long stopping may wait for requests in flight before their tasks
        /// are cancelled. Tests set it past their own time limit, so a stop
        /// that needs it to run out shows as a hang instead of passing late.
        var gracePeriod: Duration = ServerRunner.defaultGracePeriod
        /// How long a reader dropped for falling behind has to take its cancel
        /// event before its connection is closed (10 s). Tests that read such
        /// readers only later set it past their own time limit, so that a busy
        /// machine's slow reading cannot cut a response short.
        var streamDropGracePeriod: Duration = StreamBudget.defaultDropGracePeriod

        /// Creates options; the defaults are an in-memory sandbox on a free
        /// loopback port, set up as the lessons expect.
        public init(
            host: String = "127.0.0.1",
            port: Int = 0,
            dataDirectory: URL? = nil,
            configuration: SandboxConfiguration = SandboxConfiguration(),
            allowsRemoteAdmin: Bool = false,
            adminHosts: [String] = []
        ) {
            self.host = host
            self.port = port
            self.dataDirectory = dataDirectory
            self.configuration = configuration
            self.allowsRemoteAdmin = allowsRemoteAdmin
            self.adminHosts = adminHosts
        }

        /// The largest request body the server collects: the most any emulator
        /// accepts. Anything larger is a 413 before it reaches an emulator.
        var maxBodySize: Int {
            max(
                0, configuration.firebase.maxBodySize, configuration.airtable.maxBodySize,
                configuration.soogreyhounds.maxBodySize)
        }
    }
#endif
