import Foundation
import Logging
import Synchronization
import Testing

@testable import SandboxServer

@Suite("The server's log lines: StreamLogHandler's format, metadata formatted when a line is written")
struct SandboxLogHandlerTests {
    /// The lines a handler wrote.
    private final class Lines: Sendable {
        let written = Mutex<[String]>([])

        func logger(level: Logger.Level = .warning) -> Logger {
            var logger = Logger(label: "SandboxServer") { label in
                SandboxLogHandler(label: label) { line in self.written.withLock { $0.append(line) } }
            }
            logger.logLevel = level
            return logger
        }
    }

    @Test("A line has the time, level, label, sorted metadata, source and message; lower levels write nothing")
    func format() throws {
        let lines = Lines()
        var logger = lines.logger()
        logger[metadataKey: "hb.request.id"] = "2b"
        logger[metadataKey: "a"] = "1"
        logger.info("not written")
        logger.warning("slow reader dropped", metadata: ["stream": "7"])
        let written = lines.written.withLock { $0 }
        try #require(written.count == 1)
        let pattern = #/(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}) warning SandboxServer: (.*) \[(\w+)\] (.*)\n/#
        let match = try #require(written[0].wholeMatch(of: pattern))
        #expect(match.output.2 == "a=1 hb.request.id=2b stream=7")
        #expect(match.output.3 == "SandboxServerTests")
        #expect(match.output.4 == "slow reader dropped")
    }

    @Test("A line's own metadata wins over the logger's; an error adds its message and type")
    func mergedMetadata() throws {
        struct Refused: Error, CustomStringConvertible {
            var description: String { "refused" }
        }
        let lines = Lines()
        var logger = lines.logger()
        logger[metadataKey: "path"] = "/old"
        logger.log(level: .error, "failed", error: Refused(), metadata: ["path": "/new"])
        let line = try #require(lines.written.withLock { $0.first })
        #expect(line.contains(" error SandboxServer: error.message=refused error.type="))
        #expect(line.contains("Refused path=/new [SandboxServerTests] failed\n"))
        #expect(!line.contains("/old"))
    }

    @Test("Metadata set again replaces its value, and set to nil is gone; the whole set reads back as a dictionary")
    func replacedAndRemoved() throws {
        let lines = Lines()
        var logger = lines.logger()
        let changes: [(String, Logger.Metadata.Value?)] = [("a", "1"), ("b", "2"), ("a", "3"), ("b", nil), ("c", nil)]
        for (key, value) in changes {
            logger[metadataKey: key] = value
        }
        #expect(logger[metadataKey: "a"] == "3")
        #expect(logger[metadataKey: "b"] == nil)
        logger.handler.metadata = ["d": "4", "a": "5"]
        #expect(logger.handler.metadata == ["a": "5", "d": "4"])
        logger.warning("line")
        let line = try #require(lines.written.withLock { $0.first })
        #expect(line.contains(": a=5 d=4 ["))
    }

    @Test("Metadata set on a copy of a logger leaves the original as it was")
    func valueSemantics() throws {
        let lines = Lines()
        var original = lines.logger()
        original[metadataKey: "hb.request.id"] = "1"
        var copy = original
        copy[metadataKey: "hb.request.id"] = "2"
        original.warning("first")
        copy.warning("second")
        let written = lines.written.withLock { $0 }
        try #require(written.count == 2)
        #expect(written[0].contains("hb.request.id=1 "))
        #expect(written[1].contains("hb.request.id=2 "))
    }

    @Test("Control characters from a message or metadata are escaped: every line is one line")
    func controlCharacters() throws {
        let lines = Lines()
        var logger = lines.logger()
        logger[metadataKey: "path"] = "/a\rb"
        logger.error("Unrecognised error: bad\n2026-01-01T00:00:00+0000 error forged\u{1B}[2J\u{2028}end\ttab")
        let line = try #require(lines.written.withLock { $0.first })
        #expect(line.filter(\.isNewline).count == 1)
        #expect(line.hasSuffix(#"bad\n2026-01-01T00:00:00+0000 error forged\u{1B}[2J\u{2028}end\ttab"# + "\n"))
        #expect(line.contains(#"path=/a\rb"#))
        #expect(!line.unicodeScalars.contains { $0.value == 0x1B })
    }

    @Test("Secrets in a message or metadata are redacted, as in the request log")
    func secretsRedacted() throws {
        let lines = Lines()
        let logger = lines.logger()
        logger.error(
            "Unrecognised error: GET /posts.json?auth=hunter2-secret&print=pretty",
            metadata: ["hb.request.headers": "authorization: Bearer eyJhbGciOi.payload.sig"])
        let line = try #require(lines.written.withLock { $0.first })
        #expect(!line.contains("hunter2-secret"))
        #expect(!line.contains("eyJhbGciOi"))
        #expect(line.contains("print=pretty"))
    }
}
