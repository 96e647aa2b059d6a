import Foundation
import Networking
import SandboxCore
import Testing

@testable import SandboxFirebase

@Suite("Firebase emulator: REST methods, paths and options")
struct FirebaseRESTTests {
    @Test("PUT replaces and echoes the data; GET reads it back")
    func putAndGet() async throws {
        let firebase = try await FirebaseHarness()
        let put = await firebase.send("PUT", "/posts/abc.json", #"{"text":"Hi","n":1,"ok":true}"#)
        #expect(put.status == 200)
        #expect(put.body == #"{"n":1,"ok":true,"text":"Hi"}"#)
        #expect(put.headers["Content-Type"] == "application/json; charset=utf-8")
        let get = await firebase.send("GET", "/posts/abc.json")
        #expect(get.status == 200)
        #expect(get.body == #"{"n":1,"ok":true,"text":"Hi"}"#)
        let replaced = await firebase.send("PUT", "/posts/abc.json", #""just text""#)
        #expect(replaced.body == #""just text""#)
        #expect(await firebase.send("GET", "/posts.json").body == #"{"abc":"just text"}"#)
    }

    @Test("Every .json path form names the same place")
    func pathForms() async throws {
        let firebase = try await FirebaseHarness()
        await firebase.send("PUT", "/posts/a.json", "1")
        for path in ["/posts.json", "/posts/.json", "/posts//.json", "//posts/.json"] {
            let reply = await firebase.send("GET", path)
            #expect(reply.status == 200 && reply.body == #"{"a":1}"#, "\(path)")
        }
        #expect(await firebase.send("GET", "/.json").body == #"{"posts":{"a":1}}"#)
        #expect(await firebase.send("GET", "/posts/a/.json").body == "1")
        await firebase.send("PUT", "/Design%20projects/caf%C3%A9.json", #""x""#)
        #expect(await firebase.send("GET", "/Design%20projects.json").body == #"{"café":"x"}"#)
    }

    @Test("A request's location is read alike from its split segments and from its path's text, errors included")
    func locationFromSegments() {
        let deep = "/" + Array(repeating: "k", count: FirebasePath.maxDepth + 1).joined(separator: "/") + ".json"
        let longKey = "/" + String(repeating: "k", count: FirebasePath.maxKeyBytes + 1) + ".json"
        let paths = [
            "/posts.json", "/posts/.json", "/posts//.json", "//posts/.json", "/.json", ".json", "/a/b/c.json",
            "/a.json.json", "/a.b.json", "/a$b.json", "/a[0].json", "/Design%20projects/caf%C3%A9.json",
            "/bad%zz.json", "/%2E.json", "/a/.priority.json", "/.priority.json", "/a//.priority.json",
            "/a/b/.priority.json", deep, longKey,
        ]
        for path in paths {
            for priorityOnly in [false, true] where !priorityOnly || path.hasSuffix("/.priority.json") {
                let text = priorityOnly ? String(path.dropLast("/.priority.json".count)) + ".json" : path
                let fromText = Result { () throws(FirebaseEmulatorError) in try FirebasePath(requestPath: text) }
                let fromRequest = Result { () throws(FirebaseEmulatorError) in
                    try FirebasePath(SandboxRequest("GET", path), priorityOnly: priorityOnly)
                }
                #expect(String(describing: fromRequest) == String(describing: fromText), "\(path)")
            }
        }
    }

    @Test("A missing path reads null with 200, never 404")
    func missingPath() async throws {
        let firebase = try await FirebaseHarness()
        let reply = await firebase.send("GET", "/nothing/here.json")
        #expect(reply.status == 200)
        #expect(reply.body == "null")
        #expect(await firebase.send("GET", "/.json").body == "null")
    }

    @Test("The ns query item selects a database; without it the default one answers")
    func namespaces() async throws {
        let firebase = try await FirebaseHarness()
        await firebase.send("PUT", "/x.json?ns=first", "1")
        await firebase.send("PUT", "/x.json?ns=second", "2")
        await firebase.send("PUT", "/x.json", "3")
        #expect(await firebase.send("GET", "/x.json?ns=first").body == "1")
        #expect(await firebase.send("GET", "/x.json?ns=second").body == "2")
        #expect(await firebase.send("GET", "/x.json").body == "3")
        #expect(await firebase.send("GET", "/x.json?ns=default").body == "3")
        #expect(await firebase.send("GET", "/x.json?ns=third").body == "null")
        #expect(await firebase.firebase.namespaces == ["default", "first", "second"])

        let custom = try await FirebaseHarness(.init(defaultNamespace: "demo-project", seedsLessonData: false))
        await custom.send("PUT", "/x.json", "4")
        #expect(await custom.send("GET", "/x.json?ns=demo-project").body == "4")
    }

    @Test("POST creates a child under a new push id and answers its name")
    func post() async throws {
        let firebase = try await FirebaseHarness()
        let reply = await firebase.send("POST", "/thread/messages.json", #"{"sender":"Ada","text":"Hello"}"#)
        #expect(reply.status == 200)
        let name = try #require(reply.json?["name"]?.stringValue)
        #expect(reply.body == #"{"name":"\#(name)"}"#)
        #expect(name.utf8.count == 20)
        #expect(name.utf8.allSatisfy { FirebasePushID.alphabet.contains($0) })
        let stored = await firebase.send("GET", "/thread/messages.json")
        #expect(stored.body == #"{"\#(name)":{"sender":"Ada","text":"Hello"}}"#)
    }

    @Test("Push ids sort in creation order and carry the time")
    func pushIDsIncrease() async throws {
        let firebase = try await FirebaseHarness()
        let before = FirebaseEmulator.currentTime()
        var names: [String] = []
        for index in 0..<200 {
            let reply = await firebase.send("POST", "/list.json", "\(index)")
            names.append(try #require(reply.json?["name"]?.stringValue))
        }
        let after = FirebaseEmulator.currentTime()
        #expect(names == names.sorted())
        #expect(Set(names).count == names.count)
        let time = names[0].utf8.prefix(8).reduce(Int64(0)) { value, character in
            value * 64 + Int64(FirebasePushID.alphabet.firstIndex(of: character) ?? 0)
        }
        #expect(time >= before && time <= after)
        // The list reads back in insertion order when sorted by key.
        let list = try #require(await firebase.send("GET", "/list.json").json?.objectValue)
        #expect(list.keys.sorted().compactMap { list[$0]?.numberValue } == (0..<200).map(Double.init))
    }

    @Test("PATCH updates the named children, paths included, and echoes them")
    func patch() async throws {
        let firebase = try await FirebaseHarness()
        await firebase.send("PUT", "/users/ada.json", #"{"first":"Ada","last":"Byron","age":36}"#)
        let reply = await firebase.send("PATCH", "/users/ada.json", #"{"last":"Lovelace","address/city":"London"}"#)
        #expect(reply.status == 200)
        #expect(reply.body == #"{"address/city":"London","last":"Lovelace"}"#)
        #expect(
            await firebase.send("GET", "/users/ada.json").body
                == #"{"address":{"city":"London"},"age":36,"first":"Ada","last":"Lovelace"}"#)
        let removal = await firebase.send("PATCH", "/users/ada.json", #"{"age":null}"#)
        #expect(removal.body == #"{"age":null}"#)
        #expect(
            await firebase.send("GET", "/users/ada.json").body
                == #"{"address":{"city":"London"},"first":"Ada","last":"Lovelace"}"#)
    }

    @Test("DELETE removes and answers null; emptied parents vanish")
    func delete() async throws {
        let firebase = try await FirebaseHarness()
        await firebase.send("PUT", "/a/b/c.json", "1")
        let reply = await firebase.send("DELETE", "/a/b/c.json")
        #expect(reply.status == 200 && reply.body == "null")
        #expect(await firebase.send("GET", "/.json").body == "null")
        #expect(await firebase.send("DELETE", "/never/there.json").body == "null")
    }

    @Test("Writing null deletes, and empty objects do not exist")
    func nullAndEmpty() async throws {
        let firebase = try await FirebaseHarness()
        await firebase.send("PUT", "/a.json", #"{"keep":1,"drop":2}"#)
        #expect(await firebase.send("PUT", "/a/drop.json", "null").body == "null")
        #expect(await firebase.send("GET", "/a.json").body == #"{"keep":1}"#)
        let empty = await firebase.send("PUT", "/b.json", #"{"x":{},"y":{"z":{}},"n":null,"v":1}"#)
        #expect(empty.body == #"{"v":1}"#)
        #expect(await firebase.send("GET", "/b.json").body == #"{"v":1}"#)
        #expect(await firebase.send("PUT", "/c.json", "{}").body == "null")
        #expect(await firebase.send("GET", "/c.json").body == "null")
        // A primitive on the way is replaced by an object.
        await firebase.send("PUT", "/d.json", "5")
        await firebase.send("PUT", "/d/e.json", "6")
        #expect(await firebase.send("GET", "/d.json").body == #"{"e":6}"#)
    }

    @Test("The method override works as a header and as a query item, in any case")
    func methodOverride() async throws {
        let firebase = try await FirebaseHarness()
        let put = await firebase.send("POST", "/a.json", "1", headers: ["X-HTTP-Method-Override": "PUT"])
        #expect(put.status == 200 && put.body == "1")
        #expect(await firebase.send("GET", "/a.json").body == "1")
        let patch = await firebase.send("POST", "/b.json?x-http-method-override=PATCH", #"{"c":2}"#)
        #expect(patch.body == #"{"c":2}"#)
        let delete = await firebase.send("POST", "/a.json?x-http-method-override=DELETE")
        #expect(delete.status == 200 && delete.body == "null")
        #expect(await firebase.send("GET", "/.json").body == #"{"b":{"c":2}}"#)
        // The override, like the method, is read in capitals.
        let lower = await firebase.send("POST", "/e.json", "3", headers: ["X-HTTP-Method-Override": "put"])
        #expect(lower.status == 200 && lower.body == "3")
        #expect(await firebase.send("POST", "/e.json?x-http-method-override=Delete").body == "null")
        #expect(await firebase.send("GET", "/.json").body == #"{"b":{"c":2}}"#)
    }

    @Test("print=silent answers 204 with no body; print=pretty indents like Firebase")
    func printOption() async throws {
        let firebase = try await FirebaseHarness()
        for (method, body) in [("PUT", #"{"a":{"b":[1,2]},"c":"d"}"#), ("POST", "1"), ("PATCH", #"{"e":1}"#)] {
            let reply = await firebase.send(method, "/p.json?print=silent", body)
            #expect(reply.status == 204 && reply.body.isEmpty, "\(method)")
        }
        let get = await firebase.send("GET", "/p.json?print=silent")
        #expect(get.status == 204 && get.body.isEmpty)
        await firebase.send("PUT", "/q.json", #"{"a":{"b":[1,2]},"c":"d"}"#)
        let pretty = await firebase.send("GET", "/q.json?print=pretty")
        #expect(pretty.body == "{\n  \"a\" : {\n    \"b\" : [\n      1,\n      2\n    ]\n  },\n  \"c\" : \"d\"\n}")
        let delete = await firebase.send("DELETE", "/q.json?print=silent")
        #expect(delete.status == 204 && delete.body.isEmpty)
    }

    @Test("shallow=true truncates children to true")
    func shallow() async throws {
        let firebase = try await FirebaseHarness()
        await firebase.send("PUT", "/.json", #"{"a":{"deep":{"er":1}},"b":2,"c":"x"}"#)
        #expect(await firebase.send("GET", "/.json?shallow=true").body == #"{"a":true,"b":true,"c":true}"#)
        #expect(await firebase.send("GET", "/b.json?shallow=true").body == "2")
        #expect(await firebase.send("GET", "/none.json?shallow=true").body == "null")
    }

    @Test("Objects keyed by array indexes read back as arrays, by Firebase's rule")
    func arrays() async throws {
        let firebase = try await FirebaseHarness()
        #expect(await firebase.send("PUT", "/a.json", "[1,2,3]").body == "[1,2,3]")
        #expect(await firebase.send("GET", "/a/1.json").body == "2")
        #expect(await firebase.send("GET", "/a.json").body == "[1,2,3]")
        await firebase.send("PUT", "/b.json", #"{"0":"x","2":"z"}"#)
        #expect(await firebase.send("GET", "/b.json").body == #"["x",null,"z"]"#)
        await firebase.send("PUT", "/c.json", #"{"0":"x","4":"z"}"#)
        #expect(await firebase.send("GET", "/c.json").body == #"{"0":"x","4":"z"}"#)
        await firebase.send("PUT", "/d.json", #"{"1":"y"}"#)
        #expect(await firebase.send("GET", "/d.json").body == #"[null,"y"]"#)
        await firebase.send("PUT", "/e.json", #"{"0":"x","01":"y"}"#)
        #expect(await firebase.send("GET", "/e.json").body == #"{"0":"x","01":"y"}"#)
        await firebase.send("PUT", "/f.json", "[1,null,3]")
        #expect(await firebase.send("GET", "/f.json").body == "[1,null,3]")
    }

    @Test("Server values: the timestamp in milliseconds, and increments")
    func serverValues() async throws {
        let firebase = try await FirebaseHarness()
        let before = Double(FirebaseEmulator.currentTime())
        let reply = await firebase.send("PUT", "/t.json", #"{"at":{".sv":"timestamp"},"n":{".sv":{"increment":2}}}"#)
        let after = Double(FirebaseEmulator.currentTime())
        let stamp = try #require(reply.json?["at"]?.numberValue)
        #expect(stamp >= before && stamp <= after && stamp == stamp.rounded())
        #expect(reply.json?["n"] == 2)
        await firebase.send("PUT", "/t/n.json", #"{".sv":{"increment":3.5}}"#)
        #expect(await firebase.send("GET", "/t/n.json").body == "5.5")
        await firebase.send("PATCH", "/t.json", #"{"n":{".sv":{"increment":-5.5}}}"#)
        #expect(await firebase.send("GET", "/t/n.json").body == "0")
        await firebase.send("PUT", "/t/s.json", #""text""#)
        await firebase.send("PUT", "/t/s.json", #"{".sv":{"increment":1}}"#)
        #expect(await firebase.send("GET", "/t/s.json").body == "1")
        let post = await firebase.send("POST", "/log.json", #"{"at":{".sv":"timestamp"}}"#)
        let name = try #require(post.json?["name"]?.stringValue)
        #expect(await firebase.send("GET", "/log/\(name)/at.json").json?.numberValue != nil)
    }

    @Test("Wrapped values are unwrapped and priorities are ignored")
    func legacyValueAndPriority() async throws {
        let firebase = try await FirebaseHarness()
        await firebase.send("PUT", "/a.json", #"{".value":5,".priority":1}"#)
        #expect(await firebase.send("GET", "/a.json").body == "5")
        await firebase.send("PUT", "/b.json", #"{"x":1,".priority":"p"}"#)
        #expect(await firebase.send("GET", "/b.json").body == #"{"x":1}"#)
    }

    @Test("ETags: X-Firebase-ETag returns one; if-match writes only on a match, else 412")
    func etags() async throws {
        let firebase = try await FirebaseHarness()
        let missing = await firebase.send("GET", "/n.json", headers: ["X-Firebase-ETag": "true"])
        #expect(missing.headers["ETag"] == "null_etag" && missing.body == "null")
        await firebase.send("PUT", "/n.json", "10")
        let read = await firebase.send("GET", "/n.json", headers: ["X-Firebase-ETag": "true"])
        let etag = try #require(read.headers["ETag"])
        #expect(etag != "null_etag" && read.body == "10")
        #expect(await firebase.send("GET", "/n.json").headers["ETag"] == nil)

        let stale = await firebase.send("PUT", "/n.json", "11", headers: ["if-match": "not-the-etag"])
        #expect(stale.status == 412)
        #expect(stale.body == "10")
        #expect(stale.headers["ETag"] == etag)
        #expect(await firebase.send("GET", "/n.json").body == "10")

        let fresh = await firebase.send("PUT", "/n.json", "11", headers: ["if-match": etag])
        #expect(fresh.status == 200 && fresh.body == "11")
        let newETag = try #require(fresh.headers["ETag"])
        #expect(newETag != etag)
        #expect(await firebase.send("GET", "/n.json", headers: ["X-Firebase-ETag": "true"]).headers["ETag"] == newETag)

        let staleDelete = await firebase.send("DELETE", "/n.json", headers: ["if-match": etag])
        #expect(staleDelete.status == 412 && staleDelete.body == "11" && staleDelete.headers["ETag"] == newETag)
        let delete = await firebase.send("DELETE", "/n.json", headers: ["if-match": newETag])
        #expect(delete.status == 200 && delete.body == "null" && delete.headers["ETag"] == "null_etag")

        let create = await firebase.send("PUT", "/once.json", #"{"a":1}"#, headers: ["if-match": "null_etag"])
        #expect(create.status == 200)
        let again = await firebase.send("PUT", "/once.json", #"{"a":2}"#, headers: ["if-match": "null_etag"])
        #expect(again.status == 412 && again.body == #"{"a":1}"#)

        let unchanged = await firebase.send(
            "GET", "/once.json", headers: ["if-none-match": create.headers["ETag"] ?? ""])
        #expect(unchanged.status == 304 && unchanged.body.isEmpty)
        let changed = await firebase.send("GET", "/once.json", headers: ["if-none-match": "old"])
        #expect(changed.status == 200 && changed.body == #"{"a":1}"#)
    }

    @Test("ETags depend on the value only")
    func etagStability() {
        let one: JSON = ["a": 1, "b": ["c": "d"]]
        let same: JSON = ["b": ["c": "d"], "a": 1]
        #expect(FirebaseETag.of(one) == FirebaseETag.of(same))
        #expect(FirebaseETag.of(one) != FirebaseETag.of(["a": 2, "b": ["c": "d"]]))
        #expect(FirebaseETag.of(.null) == "null_etag")
    }

    @Test("HEAD answers like GET without a body; OPTIONS answers a CORS preflight")
    func headAndOptions() async throws {
        let firebase = try await FirebaseHarness()
        await firebase.send("PUT", "/a.json", "1")
        let head = await firebase.send("HEAD", "/a.json")
        #expect(head.status == 200 && head.body.isEmpty)
        let options = await firebase.send("OPTIONS", "/a.json")
        #expect(options.status == 200 && options.headers["Access-Control-Allow-Origin"] == "*")
        #expect(options.headers["Access-Control-Allow-Methods"]?.contains("PATCH") == true)
        let asked = "authorization,content-type,x-firebase-client"
        let preflight = await firebase.send(
            "OPTIONS", "/a.json",
            headers: [
                "Origin": "http://localhost:5173", "Access-Control-Request-Method": "PUT",
                "Access-Control-Request-Headers": asked,
            ])
        #expect(preflight.status == 200 && preflight.headers["Access-Control-Allow-Headers"] == asked)
        #expect(preflight.headers["Cache-Control"] == "no-cache")
    }

    @Test("Direct access reads and writes like the REST API")
    func directAccess() async throws {
        let firebase = try await FirebaseHarness()
        try await firebase.firebase.setValue(["a": [1, 2]], at: "root", namespace: "direct")
        #expect(try await firebase.firebase.value(at: "root", namespace: "direct") == ["a": [1, 2]])
        #expect(await firebase.send("GET", "/root/a/1.json?ns=direct").body == "2")
        await #expect(throws: FirebaseEmulatorError.self) {
            try await firebase.firebase.setValue(["bad.key": 1], at: "root", namespace: "direct")
        }
    }
}
