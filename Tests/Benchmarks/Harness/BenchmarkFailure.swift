import Foundation

/// A benchmark could not measure what it meant to, so its numbers would be
/// meaningless; the run stops with the reason instead.
struct BenchmarkFailure: Error, CustomStringConvertible {
    /// What went wrong.
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

extension BenchmarkFailure {
    /// `http://127.0.0.1:PORT`, where the benchmarks' own servers listen.
    static func loopbackURL(port: Int) throws -> URL {
        guard let url = URL(string: "http://127.0.0.1:\(port)") else {
            throw BenchmarkFailure("no URL for port \(port)")
        }
        return url
    }
}
