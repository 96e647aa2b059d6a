import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One child process, run to its end and measured: its wall time, its CPU
/// time (user and system, from `wait4`, the child's own and exact), and
/// what it printed.
///
/// Foundation's `Process` reports no CPU time, and `getrusage` over all
/// children mixes every child the benchmark ever ran; `wait4` gives this
/// one's. (Its peak memory is not taken from `wait4`: Linux carries the
/// parent's high-water mark into a spawned child, so a child that cares
/// reads its own `VmHWM`.)
struct MeasuredProcess {
    /// Seconds from spawn to exit.
    var wall: Double
    /// User and system CPU seconds.
    var cpu: Double
    /// Its standard output.
    var output: String

    /// Runs `executable` with `arguments`, waiting on the calling thread
    /// (call it from ``OwnThread``).
    static func run(_ executable: String, _ arguments: [String]) throws -> MeasuredProcess {
        #if canImport(Glibc)
            var pipeEnds: [Int32] = [0, 0]
            guard pipe(&pipeEnds) == 0 else { throw BenchmarkFailure("pipe failed") }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
            let argv = ([executable] + arguments).map { strdup($0) } + [nil]
            defer { for argument in argv { free(argument) } }
            var pid: pid_t = 0
            let started = ContinuousClock.now
            let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
            close(pipeEnds[1])
            guard spawned == 0 else {
                close(pipeEnds[0])
                throw BenchmarkFailure("could not start \(executable): \(String(cString: strerror(spawned)))")
            }
            let output = FileHandle(fileDescriptor: pipeEnds[0], closeOnDealloc: true).readDataToEndOfFile()
            var status: Int32 = 0
            var usage = rusage()
            while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
            let wall = (ContinuousClock.now - started).seconds
            let cpu =
                Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
                + Double(usage.ru_stime.tv_usec) / 1e6
            let text = String(decoding: output, as: UTF8.self)
            // Exited, with status 0.
            guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
                throw BenchmarkFailure("\((executable as NSString).lastPathComponent) failed (\(status)): \(text)")
            }
            return MeasuredProcess(wall: wall, cpu: cpu, output: text)
        #else
            throw BenchmarkFailure("measuring a child's CPU time needs Linux")
        #endif
    }

    /// This very executable, wherever `swift run` built it.
    static var benchmarks: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The path of a program on `PATH`, if there is one.
    static func find(_ program: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// `stress-ng --cpu N` in the background while a busy pass runs: every CPU
/// kept busy, as issue 57's conditions state.
///
/// Started in a process group of its own with no signal blocked (Foundation's
/// `Process` hands its children a mask that blocks `SIGTERM`, and
/// stress-ng's workers then outlive it), and stopped by killing the group.
final class CPUStress {
    private let pid: pid_t

    /// Starts one worker per core, or returns `nil` without stress-ng.
    init?() {
        #if canImport(Glibc)
            guard let path = MeasuredProcess.find("stress-ng") else { return nil }
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var none = sigset_t()
            sigemptyset(&none)
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setpgroup(&attributes, 0)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
            let arguments = [
                path, "--cpu", String(ProcessInfo.processInfo.activeProcessorCount), "--timeout", "3600s", "--quiet",
            ]
            let argv = arguments.map { strdup($0) } + [nil]
            defer { for argument in argv { free(argument) } }
            var pid: pid_t = 0
            guard posix_spawn(&pid, path, nil, &attributes, argv, environ) == 0 else { return nil }
            self.pid = pid
        #else
            return nil
        #endif
    }

    /// Stops the workers and waits for their leader.
    func stop() {
        #if canImport(Glibc)
            kill(-pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        #endif
    }
}
