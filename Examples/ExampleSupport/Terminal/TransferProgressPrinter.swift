import Foundation
import Networking

/// Shows one file's upload or download progress on standard error, where
/// it never mixes with the command's output:
///
/// - on a terminal, a bar redrawn in place:
///   `Uploading greyhound.jpg ▕██████████          ▏  52 %  43.0 of 82.8 kB`;
/// - otherwise a plain line at each quarter: `Uploading greyhound.jpg: 50 %`;
/// - with `--json`, one JSON object a line for each tenth:
///   `{"completed":41376,"event":"progress","file":"greyhound.jpg","total":82753}`.
///
/// It is handed `TransferProgress` reports in order (the SDK's promise)
/// from any thread.
public final class TransferProgressPrinter: @unchecked Sendable {
    /// How it writes.
    public enum Style: Sendable {
        /// A bar redrawn in place.
        case bar
        /// A line at each quarter.
        case lines
        /// JSON lines at each tenth.
        case json
    }

    private let verb: String
    private let file: String
    private let style: Style
    private let lock = NSLock()
    private var lastStep = -1

    /// Creates a printer for `file`; the style follows the terminal and
    /// `json` unless given.
    public init(_ verb: String, file: String, json: Bool, terminal: Terminal = .current, style: Style? = nil) {
        self.verb = verb
        self.file = file
        self.style = style ?? (json ? .json : terminal.isErrorTerminal ? .bar : .lines)
    }

    /// Shows `progress`.
    public func show(_ progress: TransferProgress) {
        let fraction = progress.fraction ?? 0
        let line: String? = lock.withLock {
            let steps = style == .bar ? 200 : style == .json ? 10 : 4
            let step = Int((fraction * Double(steps)).rounded(.down))
            guard step != lastStep || style == .bar && progress.total == nil else { return nil }
            lastStep = step
            return render(progress, fraction: fraction)
        }
        if let line { Terminal.writeToStandardError(line) }
    }

    /// Ends the bar's line.
    public func finish() {
        if style == .bar { Terminal.writeToStandardError("\n") }
    }

    private func render(_ progress: TransferProgress, fraction: Double) -> String {
        let percent = Int((fraction * 100).rounded(.down))
        switch style {
        case .bar:
            let width = 20
            let filled = min(width, Int(fraction * Double(width)))
            let bar = String(repeating: "█", count: filled) + String(repeating: " ", count: width - filled)
            let sizes =
                progress.total.map { "\(Self.kilobytes(progress.completed)) of \(Self.kilobytes($0))" }
                ?? Self.kilobytes(progress.completed)
            return "\r\u{1B}[2K\(verb) \(file) ▕\(bar)▏ \(String(repeating: " ", count: 3 - String(percent).count))"
                + "\(percent) %  \(sizes)"
        case .lines:
            return "\(verb) \(file): \(percent) %\n"
        case .json:
            let total = progress.total.map(String.init) ?? "null"
            let name = (try? JSONEncoder().encode(file)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
            return #"{"completed":\#(progress.completed),"event":"progress","file":\#(name),"total":\#(total)}"# + "\n"
        }
    }

    private static func kilobytes(_ bytes: Int) -> String {
        String(format: "%.1f kB", Double(bytes) / 1000)
    }
}
