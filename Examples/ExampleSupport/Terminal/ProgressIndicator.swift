import Foundation

/// A one-line progress indicator on standard error, for downloads and waits.
///
/// It draws only when standard error is a terminal, so `--json` output and
/// logs stay clean, and it never writes to standard output.
///
/// ```swift
/// let progress = ProgressIndicator(title: "Downloading", total: photos.count)
/// progress.advance()   // Downloading 1/4 ▕██▌       ▏
/// progress.finish()
/// ```
public final class ProgressIndicator: @unchecked Sendable {
    private let title: String
    private let total: Int
    private let enabled: Bool
    private let lock = NSLock()
    private var done = 0

    /// Creates an indicator for `total` steps; `total` 0 means an unknown
    /// number (a wait), drawn as a counter.
    public init(title: String, total: Int, terminal: Terminal = .current) {
        self.title = title
        self.total = total
        self.enabled = terminal.isErrorTerminal
        draw(0)
    }

    /// Marks one more step done.
    public func advance() {
        let current = lock.withLock {
            done += 1
            return done
        }
        draw(current)
    }

    /// Clears the line.
    public func finish() {
        guard enabled else { return }
        Terminal.writeToStandardError("\r\u{1B}[2K")
    }

    private func draw(_ current: Int) {
        guard enabled else { return }
        var line = "\r\u{1B}[2K\(title) \(current)"
        if total > 0 {
            let width = 20
            let filled = min(width, current * width / total)
            line +=
                "/\(total) ▕" + String(repeating: "█", count: filled) + String(repeating: " ", count: width - filled)
                + "▏"
        }
        Terminal.writeToStandardError(line)
    }
}
