// snippet: readme-using-it
import Models
import Networking
import Sandbox

/// Lesson 2's feed request, sent to the Sandbox in process.
func printNewestPosts() async throws {
    let sandbox = try await Sandbox()
    let client = HTTPClient(baseURL: Sandbox.baseURL, transport: SandboxTransport(sandbox))
    let request = Request<PostFeed>.get("posts")
        .pathExtension("json")  // stays last, as Firebase needs
        .query(["ns": "devmtn-post", "orderBy": "\"timestamp\"", "limitToLast": "15"])

    let feed = try await client.send(request)  // async/await, throws NetworkError
    print(feed.posts.count, feed.skipped.count)  // 13 2: two of the 15 entries are not posts, and are skipped
    client.send(request) { result in print(result.map(\.posts.count)) }  // the lessons' completion style, on the main queue
}
// end snippet

import Testing

/// The README's Swift, compiled and run (its Packages section holds manifest
/// fragments, which scripts/check_consumers.py builds into real apps).
@Suite("Documentation: the README")
struct ReadmeSamples {
    @Test("Using it: the feed request, async and with a completion")
    func usingIt() async throws {
        let printed = try await Printed.capture {
            try await printNewestPosts()
            // The completion comes later, on the main queue.
            for _ in 0..<2_000 where Printed.current?.lines.count ?? 0 < 2 {
                try await Task.sleep(for: .milliseconds(5))
            }
        }
        #expect(printed == ["13 2", "success(13)"])
    }
}

/// Samples print as the README shows; the lines are captured and checked.
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    Printed.record(items, separator: separator)
}
