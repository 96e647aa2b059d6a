#if SandboxServer
    import Foundation
    import NIOConcurrencyHelpers

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// An exclusive `flock` on `sandbox.lock` in a data directory, so two
    /// sandboxes never share one database with diverging copies in memory. The
    /// kernel drops the lock when its process dies, even by `kill -9`.
    final class DataDirectoryLock: Sendable {
        private let descriptor: NIOLockedValueBox<Int32?>

        /// Takes the lock, or throws ``SandboxServerError/dataDirectoryInUse(path:)``.
        init(directory: URL) throws {
            let path = directory.appendingPathComponent("sandbox.lock").path
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            guard Self.lock(fd) else {
                close(fd)
                throw SandboxServerError.dataDirectoryInUse(path: directory.path)
            }
            descriptor = NIOLockedValueBox(fd)
        }

        /// Takes the lock, trying again for a moment: a child process being
        /// spawned anywhere in this process holds a copy of every descriptor,
        /// and so the lock, until its `exec` closes them, so a lock just
        /// released can look taken for a few milliseconds. Another sandbox
        /// holds it for good.
        private static func lock(_ fd: Int32) -> Bool {
            for attempt in 0..<50 {
                if flock(fd, LOCK_EX | LOCK_NB) == 0 { return true }
                guard errno == EWOULDBLOCK || errno == EINTR, attempt < 49 else { return false }
                usleep(20_000)
            }
            return false
        }

        /// Releases the lock; later calls do nothing.
        func release() {
            let fd = descriptor.withLockedValue { fd in
                defer { fd = nil }
                return fd
            }
            if let fd {
                close(fd)
            }
        }

        deinit {
            release()
        }
    }
#endif
