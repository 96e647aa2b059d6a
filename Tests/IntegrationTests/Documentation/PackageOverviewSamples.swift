import AirtableClient
import AsyncHTTPClientTransport
import BankeyClient
import FirebaseClient
import Foundation
import MessageBoardClient
import Models
import Networking
import PostFeedClient
import Sandbox
import SandboxServer
import SooGreyhoundsClient
import Testing

/// The code of each package catalog's overview, run against the Sandbox: in
/// process, or over HTTP where the catalog shows a running server.
@Suite("Documentation: package overviews")
struct PackageOverviewSamples: DocumentationSample {
    @Test("Models decodes every lesson's payload")
    func models() async throws {
        let sandbox = try await Sandbox()
        let raw = NetworkClient(baseURL: Sandbox.baseURL, transport: SandboxTransport(sandbox))
        let airtableData = try await raw.send(
            NetworkRequest<Data>.get("v0/appIBfoNbzEaA72c2/Design projects")
                .header("Authorization", "Bearer \(AirtableEmulator.Configuration.defaultToken)"))
        let postsData = try await raw.send(
            NetworkRequest<Data>.get("posts").pathExtension("json").query("ns", "devmtn-post"))
        let accountsData = try await raw.send(NetworkRequest<Data>.get("bankey/profile/1/accounts"))
        let photosData = try await raw.send(
            NetworkRequest<Data>.get("services/rest")
                .query(
                    SooGreyhoundsAPI.lesson.queryItems(for: .latestPhotos, parameters: ["extras": "url_h,date_taken"])))
        let printed = try await Printed.capture {
            // snippet: models-overview
            let projects = try Project.getProjects(from: airtableData)  // the lesson's static helper
            let feed = try JSONDecoder.postFeed.decode(PostFeed.self, from: postsData)
            let accounts = try Account.decodeList(from: accountsData)
            let photos = try Photo.photos(fromJSON: photosData)
            print(projects.count, feed.skipped.count, accounts[0].amount, photos.count)  // 16 3 929466.23 12
            // end snippet
        }
        #expect(printed == ["16 3 929466.23 12"])
    }

    @Test("Sandbox answers a client in process, through a scripted fault")
    func sandbox() async throws {
        let printed = try await Printed.capture {
            // snippet: sandbox-overview
            let sandbox = try await Sandbox()
            let client = NetworkClient(baseURL: Sandbox.baseURL, transport: SandboxTransport(sandbox))

            try sandbox.faults.inject(Fault(path: "/bankey/*", status: 503, headers: ["Retry-After": "0"]))
            let profile = try await client.send(NetworkRequest<Profile>.get("bankey/profile/1"))  // retried, then 200
            print(profile.firstName)  // Kevin
            // end snippet
            #expect(await sandbox.requests.matching("/bankey/*").map(\.status) == [503, 200])
        }
        #expect(printed == ["Kevin"])
    }

    @Test("SandboxCore routes a request through a declared table")
    func sandboxCore() async throws {
        let printed = await Printed.capture {
            // snippet: sandbox-core-overview
            struct Greeter: Sendable {
                let greeting = "Hello"
            }
            let routes = RouteTable<Greeter>([
                Route(.get, "/greetings/{name}", "A greeting") { greeter, _, parameters in
                    .text(200, "\(greeter.greeting), \(parameters["name"])")
                }
            ])
            let response = await routes.respond(to: SandboxRequest("GET", "/greetings/Ada"), with: Greeter())
            print(response.bodyText, routes.endpoints[0])  // Hello, Ada GET /greetings/{name}  A greeting
            // end snippet
        }
        #expect(printed == ["Hello, Ada GET /greetings/{name}  A greeting"])
    }

    @Test("SandboxServer serves the feed over HTTP, through a scripted fault")
    func sandboxServer() async throws {
        // snippet: sandbox-server-overview
        let posts = try await SandboxServer.withServer { server in  // 127.0.0.1, a free port, in memory
            let firebase = FirebaseClient(databaseURL: server.baseURL, namespace: "devmtn-post")  // real HTTP
            try server.sandbox.faults.inject(Fault(path: "/posts*", status: 503, headers: ["Retry-After": "0"]))
            return try await firebase.get("posts", as: JSON.self)  // a 503, retried, then the feed
        }  // stopped here, even when the body throws
        // end snippet
        #expect(posts.objectValue?.count == 44)
    }

    @Test("FirebaseClient queries, PUTs and POSTs")
    func firebase() async throws {
        let sandbox = try await Sandbox()
        let printed = try await Printed.capture {
            // snippet: firebase-overview
            let firebase = FirebaseClient(
                databaseURL: Sandbox.baseURL, namespace: "devmtn-post", transport: SandboxTransport(sandbox))

            let newest = try await firebase.query(
                "posts", .orderByChild("timestamp").limitToLast(15), as: Post.Body.self)
            let post = Post(username: "Ada", text: "Hello")
            try await firebase.put(post.body, at: "posts/\(post.identifier.uuidString)")
            let key = try await firebase.post(["text": "Hi"], to: "scratch")  // a push id such as -NqQ4h2bW9y1Zx8aQ3tV
            print(newest.count, newest.skipped.count, key.count)  // 14 1 20 — one of the newest 15 is not a post
            // end snippet
        }
        #expect(printed == ["14 1 20"])
    }

    @Test("PostFeedClient pages, posts and holds the feed")
    func postFeed() async throws {
        let sandbox = try await Sandbox()
        let printed = try await Printed.capture {
            // snippet: post-feed-overview
            let firebase = FirebaseClient(
                databaseURL: Sandbox.baseURL, namespace: PostFeedClient.sandboxNamespace,
                transport: SandboxTransport(sandbox))
            let feed = PostFeedClient(firebase: firebase)

            let newest = try await feed.fetchPosts(reset: true)  // the newest 15 entries
            let older = try await feed.fetchPosts(reset: false)  // the 15 before them
            try await feed.addPost(username: "Ada", text: "Hello")
            print(newest.posts.count, newest.skipped.count, older.posts.count, await feed.posts.first?.text ?? "")
            // 14 1 15 Hello — one of the newest entries is not a post, and is skipped
            // end snippet
        }
        #expect(printed == ["14 1 15 Hello"])
    }

    @Test("MessageBoardClient PUTs a thread, POSTs a message and reads the board")
    func messageBoard() async throws {
        let sandbox = try await Sandbox()
        let printed = try await Printed.capture {
            // snippet: message-board-overview
            let firebase = FirebaseClient(
                databaseURL: Sandbox.baseURL, namespace: MessageBoardClient.sandboxNamespace,
                transport: SandboxTransport(sandbox))
            let board = MessageBoardClient(firebase: firebase)

            var thread = try await board.createMessageThread(title: "REST APIs")
            thread = try await board.createMessage(in: thread, text: "PUT or POST?", sender: "Ada")
            let threads = try await board.fetchMessageThreads().threads  // sorted by title
            print(threads.map(\.title))  // ["REST APIs", "REST APIs"] — the lesson's seed thread and the new one
            // end snippet
            #expect(threads.contains(thread))
        }
        #expect(printed == [#"["REST APIs", "REST APIs"]"#])
    }

    @Test("AirtableClient lists, pages and writes the lesson's table")
    func airtable() async throws {
        // Six requests in a row: past Airtable's 5 per second, which the
        // client would wait out for 30 seconds, as it should.
        let sandbox = try await Sandbox(configuration: SandboxConfiguration(airtable: .init(rateLimitEnabled: false)))
        let token = AirtableEmulator.Configuration.defaultToken
        let manyProjects = (1...12).map { Project(name: "Batch \($0)") }
        let printed = try await Printed.capture {
            // snippet: airtable-client-overview
            // For api.airtable.com, leave out the endpoint and the transport.
            let airtable = AirtableClient(
                baseID: AirtableClient.lessonBaseID, table: AirtableClient.designProjectsTable, token: token,
                endpointURL: Sandbox.baseURL, transport: SandboxTransport(sandbox))
            let projects = try await airtable.getProjects()  // the lesson's GET
            try await airtable.post(Project(name: "Test"))  // the lesson's POST

            let page = try await airtable.listRecords(AirtableQuery(pageSize: 10), as: Project.self)
            for try await open in airtable.pages(AirtableQuery(filterByFormula: "NOT({Complete})"), as: Project.self) {
                print(open.records.count)
            }
            let created = try await airtable.create(manyProjects)  // 10 per request
            print(projects.count, page.records.count, created.count)  // 16 10 12
            // end snippet
        }
        #expect(printed.last == "16 10 12")
    }

    @Test("BankeyClient reads customer 1 over HTTP")
    func bankey() async throws {
        let server = try await SandboxServer.start()
        let printed = try await Printed.capture {
            // snippet: bankey-client-overview
            let lessonServer = BankeyClient()  // the course's Heroku server, long gone
            let bankey = BankeyClient(baseURL: server.baseURL.appending(path: "bankey/"))  // a running Sandbox

            let profile = try await bankey.fetchProfile(forUserId: "1")
            let accounts = try await bankey.fetchAccounts(forUserId: "1")
            let summary = try await bankey.fetchSummary(forUserId: "1")  // both at once
            print(profile.firstName, accounts.count, summary.accounts[0].amount)  // Kevin 6 929466.23
            // end snippet
            #expect(lessonServer.http.baseURL == BankeyClient.lessonBaseURL)
        }
        await server.stop()
        #expect(printed == ["Kevin 6 929466.23"])
    }

    @Test("SooGreyhoundsClient lists the latest photos and downloads one over HTTP")
    func sooGreyhounds() async throws {
        let server = try await SandboxServer.start()
        let key = SooGreyhoundsAPI.lessonAPIKey
        let printed = try await Printed.capture {
            // snippet: soogreyhounds-client-overview
            let lessonService = PhotoStore(client: SooGreyhoundsClient())  // the lesson's service and key
            let local = SooGreyhoundsClient(
                configuration: SooGreyhoundsAPI(endpoint: server.baseURL.appending(path: "services/rest"), apiKey: key))
            let store = PhotoStore(client: local)

            let photos = try await store.fetchLatestPhotos()
            let image = try await store.fetchImage(for: photos[0])
            print(image.format, image.width, image.height)  // jpeg 1600 1067
            // end snippet
            #expect(lessonService.client.configuration == .lesson)
        }
        await server.stop()
        #expect(printed == ["jpeg 1600 1067"])
    }

    @Test("AsyncHTTPClientTransport carries a client's requests over HTTP")
    func asyncHTTPClientTransport() async throws {
        let server = try await SandboxServer.start()
        let printed = try await Printed.capture {
            // snippet: async-http-client-transport-overview
            let transport = AsyncHTTPClientTransport()  // on AsyncHTTPClient's shared client
            let bankey = BankeyClient(baseURL: server.baseURL.appending(path: "bankey/"), transport: transport)
            let profile = try await bankey.fetchProfile(forUserId: "1")
            print(profile.firstName)  // Kevin
            // end snippet
        }
        await server.stop()
        #expect(printed == ["Kevin"])
    }
}
