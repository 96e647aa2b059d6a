import Foundation
import Networking
import SandboxCore
import Testing

@testable import SandboxFirebase

/// A storage that records every commit, can hold commits until released,
/// and can be told to fail, around an ``InMemoryStorage``.
actor RecordingFirebaseStorage: SandboxStorage {
    private let rows = InMemoryStorage()
    private(set) var commits: [(namespace: String, changes: [StorageChange])] = []
    private var isHolding = false
    private var held: [CheckedContinuation<Void, Never>] = []
    private var failing = false

    struct Failure: Error {}

    func load(namespace: String) async throws -> [String: Data] {
        await rows.load(namespace: namespace)
    }

    func namespaces(withPrefix prefix: String) async throws -> [String] {
        await rows.namespaces(withPrefix: prefix)
    }

    func commit(_ changes: [StorageChange], in namespace: String) async throws {
        if isHolding {
            await withCheckedContinuation { held.append($0) }
        }
        if failing { throw Failure() }
        commits.append((namespace, changes))
        await rows.commit(changes, in: namespace)
    }

    func removeAll() async throws {
        await rows.removeAll()
    }

    func hold() { isHolding = true }

    func release() {
        isHolding = false
        for continuation in held {
            continuation.resume()
        }
        held.removeAll()
    }

    var heldCount: Int { held.count }

    func fail(_ failing: Bool) { self.failing = failing }

    func clearCommits() { commits.removeAll() }
}

@Suite("Firebase emulator: storage and seed data")
struct FirebasePersistenceTests {
    @Test("Writes survive into a new Sandbox on the same storage")
    func restart() async throws {
        let storage = InMemoryStorage()
        let first = try await FirebaseHarness(storage: storage)
        await first.send("PUT", "/posts/a.json", #"{"text":"Hi","n":1.5,"ok":false,"list":[1,2]}"#)
        let pushed = await first.send("POST", "/posts.json", #"{"at":{".sv":"timestamp"}}"#)
        await first.send("PATCH", "/posts/a.json", #"{"text":"Hello","extra/deep":"x"}"#)
        await first.send("PUT", "/other.json?ns=second", #""elsewhere""#)
        await first.send("PUT", "/gone.json", #"{"soon":"deleted"}"#)
        await first.send("DELETE", "/gone.json")
        let before = await first.send("GET", "/.json").body
        #expect(pushed.status == 200)

        let second = try await FirebaseHarness(storage: storage)
        #expect(await second.send("GET", "/.json").body == before)
        #expect(await second.send("GET", "/other.json?ns=second").body == #""elsewhere""#)
        #expect(await second.firebase.namespaces == ["default", "second"])
        // Leaves are rows of their own.
        let rows = await storage.load(namespace: "firebase/default")
        #expect(rows["posts/a/text"] == Data(#""Hello""#.utf8))
        #expect(rows["posts/a/list/1"] == Data("2".utf8))
        #expect(rows["gone/soon"] == nil)
    }

    @Test("Each write commits only the rows it changes")
    func rowGranularity() async throws {
        let storage = RecordingFirebaseStorage()
        let firebase = try await FirebaseHarness(storage: storage)
        var children: [String: JSON] = [:]
        for index in 0..<1_000 {
            children["c\(index)"] = ["n": .number(Double(index))]
        }
        try await firebase.firebase.setValue(.object(children), at: "list")
        await storage.clearCommits()
        await firebase.send("POST", "/list.json", #"{"a":1,"b":"two"}"#)
        let push = try #require(await storage.commits.last)
        #expect(push.namespace == "firebase/default")
        #expect(push.changes.count == 2)
        #expect(push.changes.allSatisfy { if case .put = $0 { true } else { false } })

        await firebase.send("PUT", "/list/c1.json", #"{"m":1}"#)
        #expect(
            await storage.commits.last?.changes == [
                .deleteAll(prefix: "list/c1/"), .put(key: "list/c1/m", value: Data("1".utf8)),
            ])
        await firebase.send("PUT", "/list/c2/n.json", #"{"deeper":true}"#)
        #expect(
            await storage.commits.last?.changes == [
                .delete(key: "list/c2/n"), .put(key: "list/c2/n/deeper", value: Data("true".utf8)),
            ])
        await firebase.send("PUT", "/list/c3/n/under/leaf.json", "1")
        #expect(
            await storage.commits.last?.changes == [
                .delete(key: "list/c3/n"), .put(key: "list/c3/n/under/leaf", value: Data("1".utf8)),
            ])
        await firebase.send("DELETE", "/.json")
        #expect(await storage.commits.last?.changes == [.deleteAll(prefix: "")])
        #expect(try await storage.namespaces(withPrefix: "firebase/").isEmpty)
    }

    @Test("A write is answered only after its commit is durable")
    func acknowledgedAfterCommit() async throws {
        let storage = RecordingFirebaseStorage()
        let firebase = try await FirebaseHarness(storage: storage)
        await storage.hold()
        let write = Task { await firebase.send("PUT", "/a.json", "1") }
        #expect(await firebaseWaitUntil { await storage.heldCount == 1 })
        try await Task.sleep(for: .milliseconds(50))
        let stored = try await storage.load(namespace: "firebase/default")
        #expect(stored.isEmpty)
        await storage.release()
        let reply = await write.value
        #expect(reply.status == 200)
        #expect(try await storage.load(namespace: "firebase/default")["a"] == Data("1".utf8))
    }

    @Test("Concurrent writes are committed together, in order, and all acknowledged")
    func groupCommit() async throws {
        let storage = RecordingFirebaseStorage()
        let firebase = try await FirebaseHarness(storage: storage)
        await storage.hold()
        let first = Task { await firebase.send("PUT", "/n.json", "1") }
        #expect(await firebaseWaitUntil { await storage.heldCount == 1 })
        let others = (2...20).map { value in Task { await firebase.send("PUT", "/n.json", "\(value)") } }
        try await Task.sleep(for: .milliseconds(50))
        await storage.release()
        #expect(await first.value.status == 200)
        for task in others {
            #expect(await task.value.status == 200)
        }
        let commits = await storage.commits.count
        #expect(commits < 20)
        let restarted = try await FirebaseHarness(storage: storage)
        #expect(await restarted.send("GET", "/n.json").body == (await firebase.send("GET", "/n.json")).body)
    }

    @Test("A failed commit answers 500 and leaves the data as stored")
    func failedCommit() async throws {
        let storage = RecordingFirebaseStorage()
        let firebase = try await FirebaseHarness(storage: storage)
        await firebase.send("PUT", "/a.json", "1")
        let stream = await firebase.stream("/a.json")
        #expect(await stream.next()?.data == #"{"path":"/","data":1}"#)
        await storage.fail(true)
        let failed = await firebase.send("PUT", "/a.json", "2")
        #expect(failed.status == 500)
        #expect(failed.json?["error"]?.stringValue?.hasPrefix("Internal error") == true)
        #expect(await firebase.send("GET", "/a.json").body == "1")
        #expect(await stream.next()?.data == #"{"path":"/","data":1}"#)
        await storage.fail(false)
        #expect(await firebase.send("PUT", "/a.json", "3").status == 200)
        #expect(await stream.next()?.data == #"{"path":"/","data":3}"#)
        let restarted = try await FirebaseHarness(storage: storage)
        #expect(await restarted.send("GET", "/a.json").body == "3")
    }

    @Test("The lessons' databases are seeded once; emptied ones stay empty; reset seeds again")
    func seedOnce() async throws {
        let storage = InMemoryStorage()
        let seeded = try await FirebaseHarness(.init(), storage: storage)
        #expect(await seeded.firebase.namespaces == ["devmtn-post", "lambda-message-board"])
        await seeded.send("DELETE", "/.json?ns=devmtn-post")
        await seeded.send("PUT", "/extra.json?ns=lambda-message-board", "1")

        let restarted = try await FirebaseHarness(.init(), storage: storage)
        #expect(await restarted.send("GET", "/.json?ns=devmtn-post").body == "null")
        #expect(await restarted.send("GET", "/extra.json?ns=lambda-message-board").body == "1")

        // What `SandboxConfiguration.reset` does before the emulators start.
        await storage.removeAll()
        let reset = try await FirebaseHarness(.init(), storage: storage)
        let posts = try await reset.firebase.value(at: "posts", namespace: "devmtn-post")
        #expect(posts.objectValue?.count == 44)
        #expect(try await reset.firebase.value(at: "extra", namespace: "lambda-message-board") == .null)
    }

    @Test("Message board seed: the lesson's thread, unchanged")
    func messageBoardSeed() async throws {
        let firebase = try await FirebaseHarness(.init())
        let thread = try #require(await firebase.send("GET", "/.json?ns=lambda-message-board").json)
        let fixture: JSON = [
            "695398C4-498C-40A8-AA76-CB2B20DFD9FA": [
                "identifier": "695398C4-498C-40A8-AA76-CB2B20DFD9FA",
                "messages": [
                    "-LJNQ2zNeL4bwG1qpwYB": [
                        "sender": "Spencer", "text": "This is a test to make sure the API works!",
                        "timestamp": 5.55405872056162E8,
                    ]
                ],
                "title": "REST APIs",
            ]
        ]
        #expect(thread == fixture)
        #expect(try FirebaseSeed.contents(of: "threads-sample") == fixture)
    }

    @Test("Post seed: 41 well-formed posts (one timestamp tie) and three malformed entries")
    func postSeed() async throws {
        let firebase = try await FirebaseHarness(.init())
        let posts = try #require(await firebase.send("GET", "/posts.json?ns=devmtn-post").json?.objectValue)
        #expect(posts.count == 44)
        func isUUID(_ key: String) -> Bool { UUID(uuidString: key)?.uuidString == key }
        let wellFormed = posts.filter { key, post in
            isUUID(key) && post["username"]?.stringValue != nil && post["text"]?.stringValue != nil
                && post["timestamp"]?.numberValue != nil
        }
        #expect(wellFormed.count == 41)
        let timestamps = wellFormed.values.compactMap { $0["timestamp"]?.numberValue }
        #expect(Set(timestamps).count == 40)
        #expect(posts.filter { $0.value["text"] == nil }.count == 1)
        #expect(posts.filter { $0.value["timestamp"]?.stringValue != nil }.count == 1)
        #expect(posts.keys.filter { !isUUID($0) } == ["not-a-uuid"])
    }

    @Test("Lesson 2 paging: endAt with limitToLast=15, then a key tie-break, visits every post once")
    func lessonPaging() async throws {
        let firebase = try await FirebaseHarness(.init())
        let all = try #require(await firebase.send("GET", "/posts.json?ns=devmtn-post").json?.objectValue)
        var seen: [String] = []
        var end = "\(Date().timeIntervalSince1970)"
        var pages = 0
        while true {
            let reply = await firebase.send(
                "GET", #"/posts.json?ns=devmtn-post&orderBy="timestamp"&endBefore=\#(end)&limitToLast=15"#)
            let page = try #require(reply.json?.objectValue, "\(reply.body)")
            if page.isEmpty { break }
            pages += 1
            #expect(page.count <= 15)
            // Oldest first in the page, by timestamp then key, as a client sorts.
            let sorted: [(key: String, value: JSON)] = page.sorted { lhs, rhs in
                let left = FirebaseIndexValue(lhs.value["timestamp"] ?? .null)
                let right = FirebaseIndexValue(rhs.value["timestamp"] ?? .null)
                return left == right ? FirebaseKey.compare(lhs.key, rhs.key) == .orderedAscending : left < right
            }
            let oldest = try #require(sorted.first)
            seen += sorted.map(\.key)
            end = FirebaseJSONWriter.text(oldest.value["timestamp"] ?? .null) + #","\#(oldest.key)""#
        }
        // Every post but the one whose timestamp is a string: strings order
        // after every number, so no numeric endAt reaches it, as in Firebase.
        let numeric = all.filter { $0.value["timestamp"]?.numberValue != nil }
        #expect(pages == 3)
        #expect(seen.count == numeric.count && Set(seen) == Set(numeric.keys))
        // The lesson's own first page: 15 posts ending at "now".
        let now = Date().timeIntervalSince1970
        let first = await firebase.send(
            "GET", #"/posts.json?ns=devmtn-post&orderBy="timestamp"&endAt=\#(now)&limitToLast=15"#)
        #expect(first.json?.objectValue?.count == 15)
    }
}
