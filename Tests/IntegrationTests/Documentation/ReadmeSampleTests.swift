import Testing

/// The README's Swift, compiled and run (its Packages section holds manifest
/// fragments, which scripts/check_consumers.py builds into real apps).
@Suite("Documentation: the README")
struct ReadmeSamples: DocumentationSample {
    @Test("Using it: the feed request, async and with a completion")
    func usingIt() async throws {
        let printed = try await Printed.capture {
            try await printNewestPosts()
            // The completion comes later, on the main queue.
            for _ in 0..<12_000 where Printed.current?.lines.count ?? 0 < 2 {
                try await Task.sleep(for: .milliseconds(5))
            }
        }
        #expect(printed == ["13 2", "success(13)"])
    }
}
