import Foundation
import Networking
import SandboxCore
import Testing

@testable import SandboxFirebase

@Suite("Firebase emulator: plain reads' JSON kept until the data changes")
struct FirebaseAnswerCacheTests {
    @Test("Each read answers the data as the last write left it, whatever the write's kind and place")
    func readsFollowWrites() async throws {
        let firebase = try await FirebaseHarness()
        await firebase.send("PUT", "/a.json", #"{"b":1}"#)
        // Each step writes, then reads `/a` twice: the second read is
        // answered from what the first one kept.
        let steps: [(method: String, target: String, body: String?, expected: String)] = [
            ("PUT", "/a/b.json", "2", #"{"b":2}"#),
            ("PATCH", "/a.json", #"{"c":3}"#, #"{"b":2,"c":3}"#),
            ("DELETE", "/a/b.json", nil, #"{"c":3}"#),
            ("PUT", "/.json", #"{"a":{"d":4}}"#, #"{"d":4}"#),
            ("PUT", "/a/d/e.json", "5", #"{"d":{"e":5}}"#),
            ("PUT", "/a/d/.priority.json", "7", #"{"d":{"e":5}}"#),
            ("DELETE", "/.json", nil, "null"),
        ]
        for step in steps {
            #expect(await firebase.send(step.method, step.target, step.body).status == 200, "\(step.target)")
            for _ in 0..<2 {
                #expect(
                    await firebase.send("GET", "/a.json").body == step.expected, "after \(step.method) \(step.target)")
            }
        }
        let pushed = try #require(await firebase.send("POST", "/a.json", "6").json?["name"]?.stringValue)
        #expect(await firebase.send("GET", "/a.json").body == #"{"\#(pushed)":6}"#)
    }

    @Test("A write the rules refuse, or an if-match that fails, leaves the reads as they were")
    func refusedWrites() async throws {
        let firebase = try await FirebaseHarness()
        let rules = #"{"rules": {".read": true, "a": {".write": "auth.uid === 'ada'"}}}"#
        let owner: HeaderFields = ["Authorization": "Bearer owner"]
        #expect(await firebase.send("PUT", "/.settings/rules.json", rules, headers: owner).status == 200)
        #expect(await firebase.send("PUT", "/a.json", "1", headers: owner).status == 200)
        #expect(await firebase.send("GET", "/a.json").body == "1")
        let grace: HeaderFields = ["Authorization": "Bearer " + unsignedIDToken(uid: "grace")]
        #expect(await firebase.send("PUT", "/a.json", "2", headers: grace).status == 401)
        #expect(await firebase.send("GET", "/a.json").body == "1")
        let stale = await firebase.send("PUT", "/a.json", "3", headers: owner.merging(["if-match": "stale"]))
        #expect(stale.status == 412)
        #expect(await firebase.send("GET", "/a.json").body == "1")
    }

    @Test("Each namespace, and each path form, answers its own data")
    func namespacesAndForms() async throws {
        let firebase = try await FirebaseHarness()
        await firebase.send("PUT", "/a.json?ns=one", #"{"x":1}"#)
        await firebase.send("PUT", "/a.json?ns=two", #"{"x":2}"#)
        for _ in 0..<2 {
            #expect(await firebase.send("GET", "/a.json?ns=one").body == #"{"x":1}"#)
            #expect(await firebase.send("GET", "/a.json?ns=two").body == #"{"x":2}"#)
            #expect(await firebase.send("GET", "/a/.json?ns=two").body == #"{"x":2}"#)
            #expect(await firebase.send("GET", "/a.json?ns=two&print=pretty").body == "{\n  \"x\" : 2\n}")
            #expect(await firebase.send("GET", "/a.json?ns=two&callback=got").body == #"got({"x":2});"#)
        }
    }

    @Test("Only answers within the bounds, of the data as it is, are kept; a change forgets them all")
    func bounds() {
        var cache = FirebaseAnswerCache()
        let path = FirebasePath(keys: ["a"])
        let other = FirebasePath(keys: ["b"])
        cache.keep(Data("1".utf8), at: path, from: cache.generation)
        #expect(cache[path] == Data("1".utf8))
        // Written from the data before a change: not kept.
        let before = cache.generation
        cache.dataChanged()
        #expect(cache[path] == nil)
        cache.keep(Data("2".utf8), at: path, from: before)
        #expect(cache[path] == nil)
        // Too large for one answer.
        let large = Data(count: FirebaseAnswerCache.maxAnswerBytes + 1)
        cache.keep(large, at: path, from: cache.generation)
        #expect(cache[path] == nil)
        // Past the total, the cache starts again rather than grow.
        let answer = Data(count: FirebaseAnswerCache.maxAnswerBytes)
        let fitting = FirebaseAnswerCache.maxTotalBytes / answer.count
        for index in 0..<fitting {
            cache.keep(answer, at: FirebasePath(keys: ["k\(index)"]), from: cache.generation)
        }
        #expect(cache[FirebasePath(keys: ["k0"])] != nil)
        cache.keep(answer, at: other, from: cache.generation)
        #expect(cache[other] != nil)
        #expect(cache[FirebasePath(keys: ["k0"])] == nil)
    }
}
