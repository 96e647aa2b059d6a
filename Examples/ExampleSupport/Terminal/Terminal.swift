import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the examples know about where they print: whether standard output
/// and standard error are terminals, and whether colour is welcome.
///
/// Colour appears only on a terminal, never when `NO_COLOR` is set (any
/// value, per no-color.org) or `TERM` is `dumb`, so piped output and logs
/// stay plain text.
public struct Terminal: Sendable {
    /// Whether standard output is a terminal.
    public var isOutputTerminal: Bool
    /// Whether standard error is a terminal (progress goes there).
    public var isErrorTerminal: Bool
    /// Whether to use ANSI colours on standard output.
    public var usesColor: Bool

    /// Reads the current process's streams and environment.
    public static var current: Terminal {
        let environment = ProcessInfo.processInfo.environment
        let isOutputTerminal = isatty(STDOUT_FILENO) == 1
        let colorAllowed = environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
        return Terminal(
            isOutputTerminal: isOutputTerminal,
            isErrorTerminal: isatty(STDERR_FILENO) == 1,
            usesColor: isOutputTerminal && colorAllowed
        )
    }

    /// Creates a description of a terminal, for tests.
    public init(isOutputTerminal: Bool, isErrorTerminal: Bool, usesColor: Bool) {
        self.isOutputTerminal = isOutputTerminal
        self.isErrorTerminal = isErrorTerminal
        self.usesColor = usesColor
    }

    /// Writes `text` as it is (no newline added) to standard error, where
    /// progress, prompts and failures go. A write that fails (standard
    /// error closed) is dropped: Foundation's `FileHandle.write(_:)` traps
    /// on one, and a message must never stop an example.
    public static func writeToStandardError(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }

    /// `text` in a style, or unchanged when colour is off.
    public func styled(_ text: String, _ style: TextStyle) -> String {
        usesColor ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}

/// The few ANSI styles the examples use.
public enum TextStyle: String, Sendable {
    /// Bold, for titles.
    case bold = "1"
    /// Dim, for secondary text such as dates.
    case dim = "2"
    /// Red, for failures.
    case red = "31"
    /// Green, for success.
    case green = "32"
    /// Yellow, for warnings and "new" cues.
    case yellow = "33"
    /// Cyan, for headings.
    case cyan = "36"
}
