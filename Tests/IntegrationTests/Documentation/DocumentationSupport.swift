// The Swift code shown in the DocC catalogs (Docs/NetworkingLessons.docc and
// each package's Sources/<Name>/<Name>.docc) lives in this folder, between
// `// snippet: NAME` and `// end snippet`, so `make test` compiles it and runs
// it against the Sandbox. scripts/check_doc_snippets.py checks that every
// swift block of a catalog is a copy of its region (`--fix` copies them over).

import Foundation

/// What the documentation's samples print, captured per test so the
/// comments beside each `print` in the articles are checked, not trusted.
///
/// Each sample file routes its `print` calls here; outside ``capture(_:)``
/// they go to standard output as usual.
final class Printed: @unchecked Sendable {
    @TaskLocal static var current: Printed?

    private let lock = NSLock()
    private var collected: [String] = []

    /// The lines printed so far.
    var lines: [String] {
        lock.withLock { collected }
    }

    /// Runs `body` and returns the lines it printed.
    static func capture(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Void
    ) async rethrows -> [String] {
        let printed = Printed()
        try await $current.withValue(printed, operation: body, isolation: isolation)
        return printed.lines
    }

    /// Records one `print` call, or prints it when nothing is capturing.
    static func record(_ items: [Any], separator: String) {
        let line = items.map { String(describing: $0) }.joined(separator: separator)
        guard let current else {
            Swift.print(line)
            return
        }
        current.lock.withLock { current.collected.append(line) }
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
