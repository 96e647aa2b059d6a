import Foundation

/// Another machine on the same network, made for a test: a Linux network
/// namespace joined to this one by a veth pair, with the addresses
/// 10.213.N.1 (this side) and 10.213.N.2 (the namespace's). Traffic between
/// them never leaves the two ends of the pair: no test talks to this
/// machine's real network address or anything outside loopback and such a
/// namespace.
///
/// Needs root and iproute2's `ip`, as on this project's CI machine; tests
/// using it are skipped elsewhere.
struct NetworkNamespace {
    /// Whether namespaces can be made here.
    static let isAvailable: Bool = {
        #if os(Linux)
            getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip")
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")
        #else
            false
        #endif
    }()

    let name: String
    let hostSide: String
    /// This machine's address as the namespace sees it.
    let hostAddress: String
    /// The namespace's own address.
    let peerAddress: String

    /// Makes a namespace, runs `body` with it, and removes it (and the veth
    /// pair) whether `body` returns or throws.
    static func with<Result>(_ body: (NetworkNamespace) async throws -> Result) async throws -> Result {
        let id = Int(ProcessInfo.processInfo.processIdentifier) % 100_000
        let subnet = id % 250
        let namespace = NetworkNamespace(
            name: "nl-test-\(id)", hostSide: "nlh\(id)", hostAddress: "10.213.\(subnet).1",
            peerAddress: "10.213.\(subnet).2")
        try await namespace.create()
        do {
            let result = try await body(namespace)
            await namespace.remove()
            return result
        } catch {
            await namespace.remove()
            throw error
        }
    }

    private func create() async throws {
        await remove()  // what an interrupted earlier run left behind
        let peerSide = "nlp" + hostSide.dropFirst(3)
        for arguments in [
            ["netns", "add", name],
            ["link", "add", hostSide, "type", "veth", "peer", "name", String(peerSide)],
            ["link", "set", String(peerSide), "netns", name],
            ["addr", "add", "\(hostAddress)/30", "dev", hostSide],
            ["link", "set", hostSide, "up"],
            ["netns", "exec", name, "ip", "addr", "add", "\(peerAddress)/30", "dev", String(peerSide)],
            ["netns", "exec", name, "ip", "link", "set", String(peerSide), "up"],
            ["netns", "exec", name, "ip", "link", "set", "lo", "up"],
        ] {
            let (status, output) = try await Self.run("/usr/sbin/ip", arguments)
            guard status == 0 else { throw Failure(command: "ip \(arguments.joined(separator: " "))", output: output) }
        }
    }

    private func remove() async {
        _ = try? await Self.run("/usr/sbin/ip", ["netns", "del", name])
        _ = try? await Self.run("/usr/sbin/ip", ["link", "del", hostSide])
    }

    /// The status `curl` gets for `url` from inside the namespace, or 0
    /// when it got no answer.
    func status(of url: String, method: String = "GET") async throws -> Int {
        let (_, output) = try await Self.run(
            "/usr/sbin/ip",
            [
                "netns", "exec", name, "curl", "-s", "-o", "/dev/null", "-m", "60", "-X", method, "-w", "%{http_code}",
                url,
            ])
        return Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    struct Failure: Error, CustomStringConvertible {
        let command: String
        let output: String
        var description: String { "\(command) failed: \(output)" }
    }

    /// Runs a command without blocking a thread of the cooperative pool the
    /// server under test needs; returns its status and its output.
    static func run(_ executable: String, _ arguments: [String]) async throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        return try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { process in
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                continuation.resume(returning: (process.terminationStatus, String(decoding: data, as: UTF8.self)))
            }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
    }
}
