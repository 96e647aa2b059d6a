#if SandboxServer
    /// Why a ``SandboxServer`` could not start.
    public enum SandboxServerError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The server stopped before it was listening.
        case stoppedWhileStarting
        /// The listening socket reported no address.
        case noBoundAddress
        /// Another sandbox (in this or another process) already uses the data directory.
        case dataDirectoryInUse(path: String)

        /// A sentence for the command line and test failures.
        public var description: String {
            switch self {
            case .stoppedWhileStarting:
                "The sandbox server stopped before it was listening."
            case .noBoundAddress:
                "The sandbox server's socket reported no address."
            case .dataDirectoryInUse(let path):
                "Another sandbox is already using the data directory \(path)."
            }
        }
    }
#endif
