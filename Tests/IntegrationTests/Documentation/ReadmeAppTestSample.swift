// snippet: readme-app-test
import Models
import Networking
import SandboxServer
import Testing

@Test func theSandboxServesTheFeed() async throws {
    try await SandboxServer.withServer(SandboxServerOptions(port: 0)) { server in
        let client = NetworkClient(baseURL: server.baseURL)
        let feed = try await client.send(
            NetworkRequest<PostFeed>.get("posts").pathExtension("json").query("ns", "devmtn-post"))
        #expect(!feed.posts.isEmpty)
    }
}
// end snippet
