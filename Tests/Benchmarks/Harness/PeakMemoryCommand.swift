import ArgumentParser
import Foundation
import Models

/// `benchmarks peak-memory`: run by benchmark 3 in a child process, it
/// decodes a feed file once and prints how far decoding raised the
/// process's peak resident memory above what reading the file took.
///
/// A fresh process is the only clean place for this: the kernel's
/// high-water mark never goes down, and the parent has run servers and
/// other benchmarks whose freed memory a decode in it would reuse.
struct PeakMemoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peak-memory", abstract: "Measures one feed decoding's peak memory (used by benchmark 3).",
        shouldDisplay: false)

    @Option(help: "lossy or strict")
    var decoder: String

    @Option(help: "The feed JSON file.")
    var file: String

    func run() throws {
        guard let variant = FeedDecoder(rawValue: decoder) else {
            throw ValidationError("unknown decoder \(decoder)")
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let jsonDecoder = JSONDecoder()
        let before = try Self.peakResidentBytes()
        let count = try variant.decode(data, with: jsonDecoder)
        let after = try Self.peakResidentBytes()
        print(after - before, count)
    }

    /// The process's peak resident memory so far, in bytes: `VmHWM` from
    /// `/proc/self/status`, the high-water mark of this process's own
    /// memory. (`getrusage`'s `ru_maxrss` is no use here: Linux carries it
    /// over from the parent through `exec`, so a child spawned by a large
    /// parent starts at the parent's size.)
    static func peakResidentBytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else {
            throw BenchmarkFailure("no VmHWM in /proc/self/status")
        }
        return kilobytes * 1024
    }

    /// Runs this command in a child process and returns the bytes it reports.
    static func measure(_ variant: FeedDecoder, file: URL) throws -> Double {
        let process = Process()
        // This very executable, wherever `swift run` built it.
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["peak-memory", "--decoder", variant.rawValue, "--file", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let bytes = text.split(separator: " ").first.flatMap({ Double($0) })
        else {
            throw BenchmarkFailure("peak-memory \(variant) failed: \(text)")
        }
        return bytes
    }
}
