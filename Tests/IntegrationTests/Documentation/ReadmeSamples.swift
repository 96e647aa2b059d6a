// snippet: readme-using-it
import Models
import Networking
import Sandbox

/// Lesson 2's feed request, sent to the Sandbox in process.
func printNewestPosts() async throws {
    let sandbox = try await Sandbox()
    let client = NetworkClient(baseURL: Sandbox.baseURL, transport: SandboxTransport(sandbox))
    let request = NetworkRequest<PostFeed>.get("posts")
        .pathExtension("json")  // stays last, as Firebase needs
        .query(["ns": "devmtn-post", "orderBy": "\"timestamp\"", "limitToLast": "15"])

    let feed = try await client.send(request)  // async/await, throws NetworkError
    print(feed.posts.count, feed.skipped.count)  // 13 2 — two of the 15 entries are not posts, and are skipped
    client.send(request) { result in print(result.map(\.posts.count)) }  // completion style: main queue
}
// end snippet

/// The README's function prints at the top level, where no suite's `print`
/// reaches: captured, but not checked against its comments.
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    Printed.record(items, separator: separator, terminator: terminator, file: nil, line: 0)
}
