import FirebaseClient
import Foundation
import Models
import Networking
import PostFeedClient
import Sandbox
import Testing

/// The code of the Post feed lesson's guide, run against the in-process Sandbox.
@Suite("Documentation: lesson 2, the Post feed")
struct PostFeedLessonSamples {
    @Test("The lesson's request through the generic client")
    func request() async throws {
        let sandbox = try await Sandbox()
        let printed = try await Printed.capture {
            // snippet: post-feed-lesson-request
            var client = HTTPClient(baseURL: Sandbox.baseURL, transport: SandboxTransport(sandbox))
            client.query = [QueryItem(name: "ns", value: "devmtn-post")]  // the lesson's database in the Sandbox

            let queryEndInterval = Date().timeIntervalSince1970
            let urlParameters = ["orderBy": "\"timestamp\"", "endAt": "\(queryEndInterval)", "limitToLast": "15"]
            let page = try await client.send(Request<PostFeed>.get("posts").pathExtension("json").query(urlParameters))
            print(page.posts.count, page.skipped.map(\.key))  // 14 ["not-a-uuid"]
            // end snippet
        }
        #expect(printed == [#"14 ["not-a-uuid"]"#])
    }

    @Test("Every page, a post, the live feed and a report")
    func feed() async throws {
        let sandbox = try await Sandbox()
        let printed = try await Printed.capture {
            // snippet: post-feed-lesson-fetch
            let firebase = FirebaseClient(
                databaseURL: Sandbox.baseURL, namespace: "devmtn-post", transport: SandboxTransport(sandbox))
            let feed = PostFeedClient(firebase: firebase)

            let first = try await feed.fetchPosts(reset: true)  // viewDidLoad, pull to refresh
            var pages = [first]
            while !(pages.last?.hasReachedEnd ?? true) {
                pages.append(try await feed.fetchPosts(reset: false))  // willDisplay of the last cell
            }
            print(pages.map(\.posts.count), await feed.posts.count)  // [14, 15, 12] 41
            // end snippet

            // snippet: post-feed-lesson-add
            let post = try await feed.addPost(username: "Ada", text: "Hello, feed")
            print(await feed.posts.first == post)  // true: newest first, shown at once
            // end snippet

            // snippet: post-feed-lesson-updates
            for try await current in await feed.updates() {
                print(current.posts.count)  // 42, then again whenever anyone posts
                break  // a screen keeps listening until it goes away
            }
            // end snippet

            // snippet: post-feed-lesson-report
            let reportKey = try await feed.report(post, reason: "Spam")
            print(reportKey.hasPrefix("-"), await feed.posts.contains(post))  // true false
            // end snippet
        }
        #expect(printed == ["[14, 15, 12] 41", "true", "42", "true false"])
    }
}

/// Samples print as the articles show; the lines are captured and checked.
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    Printed.record(items, separator: separator)
}
