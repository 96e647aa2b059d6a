// The Swift code shown in the DocC catalogs (Docs/NetworkingLessons.docc and
// each package's Sources/<Name>/<Name>.docc) lives in this folder, between
// `// snippet: NAME` and `// end snippet`, so `make test` compiles it and runs
// it against the Sandbox. scripts/check_doc_snippets.py checks that every
// swift block of a catalog is a copy of its region (`--fix` copies them over).

import Foundation
import Synchronization
import Testing

/// What the documentation's samples print, captured per test and checked
/// against the comments beside each `print`, so the values the articles
/// show are what the code prints.
///
/// A `print` inside ``capture(_:)`` is compared with the comment that
/// shows its output: the one after the call on its last line
/// (`print(count)  // 16`), or, when there is none, the comment lines
/// right below it (for output of several lines). `…` in a comment stands
/// for any text (a boundary, a random id). A `print` with no comment is
/// not checked. A remark may follow the value after ` — `
/// (`print(count)  // 16 — the lesson's projects`). Outside
/// ``capture(_:)`` it goes to standard output.
final class Printed: @unchecked Sendable {
    @TaskLocal static var current: Printed?

    /// One `print` call: what it printed and where it is.
    private struct Line {
        var text: String
        var file: String?
        var line: Int
    }

    private let lock = NSLock()
    private var collected: [Line] = []

    /// The lines printed so far.
    var lines: [String] {
        lock.withLock { collected.map(\.text) }
    }

    /// Runs `body`, checks what it printed against the comments that show
    /// it, and returns the printed lines.
    static func capture(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Void
    ) async rethrows -> [String] {
        let printed = Printed()
        try await $current.withValue(printed, operation: body, isolation: isolation)
        for line in printed.lock.withLock({ printed.collected }) {
            guard let file = line.file, let expected = SampleComments.output(shownAt: line.line, in: file) else {
                continue
            }
            if !SampleComments.matches(line.text, expected) {
                Issue.record(
                    "Printed \"\(line.text)\" where the comment shows \"\(expected)\"",
                    sourceLocation: SourceLocation(
                        fileID: file, filePath: file, line: line.line, column: 1))
            }
        }
        return printed.lines
    }

    /// Records one `print` call, or prints it when nothing is capturing.
    static func record(_ items: [Any], separator: String, terminator: String, file: String?, line: Int) {
        let text = items.map { String(describing: $0) }.joined(separator: separator)
        guard let current else {
            Swift.print(text, terminator: terminator)
            return
        }
        current.lock.withLock { current.collected.append(Line(text: text, file: file, line: line)) }
    }
}

/// A suite of documentation samples: its `print` calls (a member, so they
/// win over the standard library's) are captured inside `Printed.capture`
/// and checked against their comments.
protocol DocumentationSample {}

extension DocumentationSample {
    /// Records what a sample prints, with where it printed it.
    func print(
        _ items: Any..., separator: String = " ", terminator: String = "\n", file: String = #filePath,
        line: Int = #line
    ) {
        Printed.record(items, separator: separator, terminator: terminator, file: file, line: line)
    }
}

/// Reads the comment that shows a `print`'s output from the sample's source.
enum SampleComments {
    private static let cache = Mutex<[String: [String]]>([:])

    /// The output shown for the `print` call that starts on `line` of
    /// `file`, or `nil` when no comment shows it.
    static func output(shownAt line: Int, in file: String) -> String? {
        let lines = sourceLines(of: file)
        guard line >= 1, line <= lines.count else { return nil }
        // The call ends on the line where its parentheses balance.
        var depth = 0
        var last = line - 1
        while last < lines.count {
            let code = codePart(of: lines[last])
            depth += code.filter { $0 == "(" }.count - code.filter { $0 == ")" }.count
            if depth <= 0 { break }
            last += 1
        }
        guard last < lines.count else { return nil }
        if let trailing = trailingComment(of: lines[last]) { return trailing }
        var shown: [String] = []
        for next in lines[(last + 1)...] {
            let trimmed = next.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("//"), !trimmed.hasPrefix("// end snippet"), !trimmed.hasPrefix("// snippet:")
            else { break }
            shown.append(trimmed == "//" ? "" : String(trimmed.dropFirst(3)))
        }
        return shown.isEmpty ? nil : shown.joined(separator: "\n")
    }

    /// Whether `printed` is what `expected` shows, `…` standing for any
    /// text and a remark after ` — ` left out.
    static func matches(_ printed: String, _ shown: String) -> Bool {
        let expected = shown.components(separatedBy: " — ")[0]
        let pieces = expected.components(separatedBy: "…")
        guard pieces.count > 1 else { return printed == expected }
        guard printed.hasPrefix(pieces[0]), printed.hasSuffix(pieces[pieces.count - 1]) else { return false }
        var rest = printed.dropFirst(pieces[0].count).dropLast(pieces[pieces.count - 1].count)
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let found = rest.range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    private static func sourceLines(of file: String) -> [String] {
        cache.withLock { cache in
            if let lines = cache[file] { return lines }
            let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            let lines = text.components(separatedBy: "\n")
            cache[file] = lines
            return lines
        }
    }

    /// The code of a line, without its string literals and trailing comment.
    private static func codePart(of line: String) -> String {
        var code = ""
        var inString = false
        var previous: Character = " "
        for character in line {
            if character == "\"" && previous != "\\" { inString.toggle() }
            if !inString && character == "/" && previous == "/" {
                code.removeLast()
                break
            }
            if !inString { code.append(character) }
            previous = character
        }
        return code
    }

    /// The comment after code on a line, if any.
    private static func trailingComment(of line: String) -> String? {
        let code = codePart(of: line)
        guard !code.trimmingCharacters(in: .whitespaces).isEmpty,
            let marker = line.range(of: "  // ", options: .backwards)
        else { return nil }
        return String(line[marker.upperBound...])
    }
}

/// Stands in for a screen in the samples that use completion handlers: it
/// records what a completion showed, and lets the test wait for it.
@MainActor
final class DocumentationScreen {
    /// Everything shown, in order; alerts start with `Alert: `.
    private(set) var updates: [String] = []
    private var waiter: CheckedContinuation<Void, Never>?

    /// Shows a result.
    func show(_ text: String) {
        record(text)
    }

    /// Shows an alert with a message.
    func showAlert(_ message: String) {
        record("Alert: " + message)
    }

    /// Returns once something has been shown.
    func waitForUpdate() async {
        guard updates.isEmpty else { return }
        await withCheckedContinuation { waiter = $0 }
    }

    private func record(_ text: String) {
        updates.append(text)
        waiter?.resume()
        waiter = nil
    }
}

/// Files of the repository the samples and their articles share.
enum DocumentationFiles {
    /// The text of `path`, relative to the root.
    static func text(_ path: String) throws -> String {
        try String(contentsOf: Repository.root.appending(path: path), encoding: .utf8)
    }

    /// One command of an article's `<!-- curl -->` block and the output it
    /// shows on the `# → ` line after it.
    struct CurlStep {
        var command: String
        var output: String
    }

    /// The commands of the block marked `<!-- curl -->` in the article at
    /// `path`, continuation lines joined, each with the output it shows.
    static func curlSteps(in path: String) throws -> [CurlStep] {
        let text = try text(path)
        guard let marker = text.range(of: "<!-- curl -->\n```sh\n"),
            let end = text.range(of: "\n```", range: marker.upperBound..<text.endIndex)
        else { return [] }
        var steps: [CurlStep] = []
        for line in text[marker.upperBound..<end.lowerBound].replacingOccurrences(of: "\\\n", with: " ")
            .split(separator: "\n")
        {
            if line.hasPrefix("curl ") {
                steps.append(CurlStep(command: String(line), output: ""))
            } else if line.hasPrefix("# → "), !steps.isEmpty {
                steps[steps.count - 1].output = String(line.dropFirst("# → ".count))
            }
        }
        return steps
    }
}
