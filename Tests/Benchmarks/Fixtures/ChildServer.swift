import Foundation

/// A `benchmarks serve` child and its resident memory.
struct ChildServer {
    let process: Process
    let input: Pipe
    let port: Int

    /// `http://127.0.0.1:PORT`.
    var baseURL: URL {
        get throws { try BenchmarkFailure.loopbackURL(port: port) }
    }

    static func start() throws -> ChildServer {
        let process = Process()
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["serve"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw BenchmarkFailure("the serve child ended before printing its port") }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw BenchmarkFailure("the serve child printed no port") }
        return ChildServer(process: process, input: input, port: port)
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    func residentBytes() throws -> Int { try status("VmRSS:") }

    func peakResidentBytes() throws -> Int { try status("VmHWM:") }

    private func status(_ field: String) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { throw BenchmarkFailure("no \(field) for the serve child") }
        return kilobytes * 1024
    }
}
