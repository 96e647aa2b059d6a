import Foundation

/// Reads credentials from the environment, falling back to a git-ignored
/// `.env` file: the lesson's `Secrets.swift` pattern, done without putting
/// secrets in source.
///
/// Lines are `NAME=value`, optionally prefixed with `export`, with `#`
/// comments and single- or double-quoted values. The process environment
/// wins over the file. Values are never printed.
public struct DotEnv: Sendable {
    private var values: [String: String]

    /// Loads `.env` from `directory` (by default the working directory), if
    /// there is one, under the process environment.
    public init(
        directory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        let file = directory.appendingPathComponent(".env")
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        self.init(parsing: text, environment: environment)
    }

    /// Parses `.env` text under an environment, for tests.
    public init(parsing text: String, environment: [String: String] = [:]) {
        var values: [String: String] = [:]
        for rawLine in text.split(whereSeparator: \.isNewline) {
            var line = rawLine.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            if line.hasPrefix("export ") {
                line = String(line.dropFirst("export ".count)).trimmingCharacters(in: .whitespaces)
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces)
            values[name] = Self.unquote(line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces))
        }
        self.values = values.merging(environment) { _, fromEnvironment in fromEnvironment }
    }

    /// The value of `name`, or `nil` when it is unset or empty.
    public subscript(name: String) -> String? {
        values[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    private static func unquote(_ value: String) -> String {
        for quote in ["\"", "'"] where value.count >= 2 && value.hasPrefix(quote) && value.hasSuffix(quote) {
            return String(value.dropFirst().dropLast())
        }
        // An unquoted value ends at a comment.
        if let hash = value.range(of: " #") {
            return String(value[..<hash.lowerBound]).trimmingCharacters(in: .whitespaces)
        }
        return value
    }
}
