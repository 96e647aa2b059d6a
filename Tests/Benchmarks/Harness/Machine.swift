import Foundation

/// What the numbers were taken on, printed above the table.
enum Machine {
    /// The 1-, 5- and 15-minute load averages from `/proc/loadavg`, or
    /// `unknown` where there is none.
    static var loadAverage: String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// Cores, memory and operating system, in one line.
    static var summary: String {
        let info = ProcessInfo.processInfo
        let memory = Format.bytes(Double(info.physicalMemory))
        return "\(info.activeProcessorCount) cores, \(memory) RAM, \(info.operatingSystemVersionString)"
    }

    /// Whether this is an optimised build; debug numbers mean little.
    static var buildConfiguration: String {
        #if DEBUG
            "debug (numbers are not representative: use `make bench`)"
        #else
            "release"
        #endif
    }
}
