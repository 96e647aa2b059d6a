import FirebaseAuthClient
import FirebaseClient
import Foundation
import Models
import Networking
import PostFeedClient
import Sandbox
import SandboxServer
import Testing

/// The code of the Post feed lesson's guide, run against the in-process Sandbox.
@Suite("Documentation: lesson 2, the Post feed")
struct PostFeedLessonSamples: DocumentationSample {
    @Test("The lesson's request through the generic client")
    func request() async throws {
        let sandbox = try await Sandbox()
        let printed = try await Printed.capture {
            // snippet: post-feed-lesson-request
            var client = NetworkClient(baseURL: Sandbox.baseURL, transport: SandboxTransport(sandbox))
            client.query = [QueryItem(name: "ns", value: "devmtn-post")]  // the lesson's database in the Sandbox

            let queryEndInterval = Date().timeIntervalSince1970
            let urlParameters = ["orderBy": "\"timestamp\"", "endAt": "\(queryEndInterval)", "limitToLast": "15"]
            let page = try await client.send(
                NetworkRequest<PostFeed>.get("posts").pathExtension("json").query(urlParameters))
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
            print(await feed.posts.first == post)  // true — newest first, shown at once
            // end snippet

            // snippet: post-feed-lesson-updates
            for try await current in await feed.updates() {
                print(current.posts.count)  // 42 — then again whenever anyone posts
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

extension PostFeedLessonSamples {
    @Test("Securing the feed: two users and an anonymous caller against the guide's rules")
    func securing() async throws {
        let sandbox = try await Sandbox()
        let rules = try DocumentationFiles.text("Examples/Rules/post-feed.rules.json")
        // The article shows the rules file as it is.
        let article = try DocumentationFiles.text("Docs/NetworkingLessons.docc/PostFeedLesson.md")
        #expect(article.contains("```json\n" + rules.trimmingCharacters(in: .newlines) + "\n```"))
        let printed = try await Printed.capture {
            // snippet: post-feed-lesson-rules
            // An administrator saves the rules (the emulators accept `owner`).
            let admin = FirebaseClient(
                databaseURL: Sandbox.baseURL, namespace: "devmtn-post", credentials: .accessToken("owner"),
                transport: SandboxTransport(sandbox))
            try await admin.setRules(rules)

            // Ada and Bob sign up with Firebase Authentication (here, the
            // Sandbox's emulator), named as they post: `auth.token.name`.
            let auth = FirebaseAuthClient(
                apiKey: "any", endpoints: .emulator(Sandbox.baseURL), transport: SandboxTransport(sandbox))
            func feed(signedUp email: String?, name: String = "") async throws -> PostFeedClient {
                let firebase = FirebaseClient(
                    databaseURL: Sandbox.baseURL, namespace: "devmtn-post", transport: SandboxTransport(sandbox))
                guard let email else { return PostFeedClient(firebase: firebase) }
                let session = FirebaseAuthSession(auth: auth)
                try await session.signUp(email: email, password: "correct horse", displayName: name)
                return PostFeedClient(firebase: firebase.signedIn(with: session))
            }
            let ada = try await feed(signedUp: "ada@example.com", name: "Ada")
            let bob = try await feed(signedUp: "bob@example.com", name: "Bob")
            let anonymous = try await feed(signedUp: nil)

            let post = try await ada.addPost(username: "Ada", text: "Rules are not filters.")
            let page = try await anonymous.fetchPosts(reset: true)
            print(page.posts.contains(post))  // true — anyone reads
            for (who, client, username, text) in [
                ("anonymous", anonymous, "Ada", "Hi"), ("Bob as Ada", bob, "Ada", "Hi"),
                ("Bob, too long", bob, "Bob", String(repeating: "a", count: 281)),
            ] {
                do {
                    try await client.addPost(username: username, text: text)
                } catch let error as NetworkError {
                    // 401 Permission denied each time: signed out, sign in; signed in, you may not.
                    let advice = if case .forbidden = error { "forbidden" } else { "unauthenticated" }
                    print(who, error.failure?.status ?? 0, advice)
                }
            }
            // end snippet
        }
        #expect(
            printed == [
                "true", "anonymous 401 unauthenticated", "Bob as Ada 401 forbidden", "Bob, too long 401 forbidden",
            ])
    }

    @Test("The guide's curl commands against a sandbox server give the answers it shows")
    func securingWithCurl() async throws {
        let steps = try DocumentationFiles.curlSteps(in: "Docs/NetworkingLessons.docc/PostFeedLesson.md")
        #expect(steps.count == 8)
        try await SandboxServer.withServer { server in
            for step in steps {
                let command = step.command.replacingOccurrences(
                    of: "http://127.0.0.1:8080", with: server.baseURL.absoluteString)
                let (status, output) = try await LessonAppGuideSamples.shell(
                    "cd '\(Repository.root.path)' && " + command)
                #expect(status == 0, "\(step.command)")
                #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == step.output, "\(step.command)")
            }
        }
    }
}
