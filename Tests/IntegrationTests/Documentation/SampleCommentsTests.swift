import Foundation
import Testing

@Suite("Documentation: the printed values the samples show are read and compared")
struct SampleCommentsTests {
    private static let source = """
        print(count)  // 16 — the lesson's projects
        print(
            names)  // ["Ada"]
        print(curl)
        // curl \\
        //   -X POST
        // \("end") snippet
        print(total)
        let next = 1  // not a print's comment
        """

    private func withSource(_ body: (String) throws -> Void) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sample-\(UUID()).swift")
        try Self.source.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        try body(file.path)
    }

    @Test("The comment after the call, or the comment lines below it, shows the output")
    func readsTheShownOutput() throws {
        try withSource { path in
            #expect(SampleComments.output(shownAt: 1, in: path) == "16 — the lesson's projects")
            #expect(SampleComments.output(shownAt: 2, in: path) == #"["Ada"]"#)
            #expect(SampleComments.output(shownAt: 4, in: path) == "curl \\\n  -X POST")
            #expect(SampleComments.output(shownAt: 8, in: path) == nil)
        }
    }

    @Test("A remark after a dash is left out, an ellipsis stands for any text, anything else must be equal")
    func comparesValues() {
        #expect(SampleComments.matches("16", "16 — the lesson's projects"))
        #expect(!SampleComments.matches("17", "16 — the lesson's projects"))
        #expect(SampleComments.matches("boundary=abc123; x", "boundary=…; x"))
        #expect(!SampleComments.matches("boundary=abc123; y", "boundary=…; x"))
        #expect(!SampleComments.matches("82753 0", "242110 0"))
        #expect(SampleComments.matches("a1b2c", "a…b…c"))
        #expect(!SampleComments.matches("ac", "a…b…c"))
    }
}
