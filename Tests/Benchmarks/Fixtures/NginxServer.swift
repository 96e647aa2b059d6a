import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Debian's nginx serving the benchmarks' item as a static file on
/// loopback, in a child process with a configuration of its own: a server
/// like a real one beside the project's (issue 68's regression showed
/// against nginx, not against the Sandbox). `make bench` installs it
/// (`scripts/install_bench_tools.sh`).
///
/// It answers `GET /bench/item.json` (any query) with the item's JSON, as
/// the Sandbox does, so the client benchmarks ask both the same request.
/// Debian's `nginx.conf` settings for a static file (`sendfile`,
/// `tcp_nopush`, so the head and a small body leave in one segment, and a
/// keep-alive of 65 s), one worker and no access log: a small server that
/// leaves the other core to the client.
struct NginxServer {
    private let process: Process
    private let folder: URL
    /// Holds the port until nginx has it: a socket bound with
    /// `SO_REUSEADDR` that never listens, which nginx (setting the option
    /// too) can bind beside, while no port-0 bind elsewhere is given it.
    private let reservation: Int32
    let port: Int

    /// `http://127.0.0.1:PORT`.
    var baseURL: URL {
        get throws { try BenchmarkFailure.loopbackURL(port: port) }
    }

    /// Where nginx is: `nginx` on `PATH` or in `/usr/sbin`, or `nil`.
    static var executable: String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return (paths + ["/usr/sbin", "/usr/local/sbin"]).map { "\($0)/nginx" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts nginx serving `body` at `/bench/item.json`, and waits until it
    /// answers.
    static func start(serving body: Data) async throws -> NginxServer {
        guard let executable else {
            throw BenchmarkFailure("nginx is not installed: run scripts/install_bench_tools.sh (make bench does)")
        }
        let folder = FileManager.default.temporaryDirectory.appending(path: "bench-nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appending(path: "html/bench"), withIntermediateDirectories: true)
        try body.write(to: folder.appending(path: "html/bench/item.json"))
        let (reservation, port) = try reservePort()
        let configuration = """
            daemon off;
            worker_processes 1;
            pid \(folder.path)/nginx.pid;
            error_log \(folder.path)/error.log;
            events { worker_connections 1024; }
            http {
                access_log off;
                sendfile on;
                tcp_nopush on;
                keepalive_timeout 65;
                client_body_temp_path \(folder.path)/body;
                proxy_temp_path \(folder.path)/proxy;
                fastcgi_temp_path \(folder.path)/fastcgi;
                uwsgi_temp_path \(folder.path)/uwsgi;
                scgi_temp_path \(folder.path)/scgi;
                types { application/json json; }
                server {
                    listen 127.0.0.1:\(port);
                    root \(folder.path)/html;
                }
            }
            """
        try Data(configuration.utf8).write(to: folder.appending(path: "nginx.conf"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-c", folder.appending(path: "nginx.conf").path, "-p", folder.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let server = NginxServer(process: process, folder: folder, reservation: reservation, port: port)
        try await server.waitUntilAnswering(body)
        return server
    }

    /// Stops nginx (SIGQUIT: a graceful stop) and removes its folder.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGQUIT)
            process.waitUntilExit()
        }
        close(reservation)
        try? FileManager.default.removeItem(at: folder)
    }

    /// Polls until the item comes back; nginx binds its port a moment after
    /// it starts. A bound that only catches an nginx that never starts.
    private func waitUntilAnswering(_ body: Data) async throws {
        let url = try baseURL.appending(path: "bench/item.json")
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            guard process.isRunning else {
                let log = (try? String(contentsOf: folder.appending(path: "error.log"), encoding: .utf8)) ?? ""
                throw BenchmarkFailure("nginx stopped at its start: \(log)")
            }
            if let (data, _) = try? await URLSession.shared.data(from: url), data == body { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        stop()
        throw BenchmarkFailure("nginx did not answer on port \(port) within 30 s")
    }

    /// A loopback port held by a bound socket with `SO_REUSEADDR`.
    private static func reservePort() throws -> (Int32, Int) {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw BenchmarkFailure("no socket for nginx's port") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw BenchmarkFailure("no loopback port for nginx")
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }
}
