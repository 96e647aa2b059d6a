import Foundation
import Networking
import SandboxCore
import Testing

@testable import SandboxFirebase

@Suite("Firebase priorities, format=export, JSONP callback and download")
struct FirebasePriorityTests {
    @Test("A .priority in written data is kept beside it: plain reads leave it out, format=export shows it")
    func priorityInData() async throws {
        let firebase = try await FirebaseHarness()
        let body = #"{"a": {"name": "Ada", ".priority": 2}, "b": {".value": 5, ".priority": "x"}, "c": 3}"#
        #expect(await firebase.send("PUT", "/users.json", body).json == ["a": ["name": "Ada"], "b": 5, "c": 3])
        #expect(await firebase.send("GET", "/users.json").json == ["a": ["name": "Ada"], "b": 5, "c": 3])
        let exported = await firebase.send("GET", "/users.json?format=export").json
        #expect(
            exported == [
                "a": ["name": "Ada", ".priority": 2], "b": [".value": 5, ".priority": "x"], "c": 3,
            ])
        #expect(await firebase.send("GET", "/users/a/.priority.json").body == "2")
        #expect(await firebase.send("GET", "/users/c/.priority.json").body == "null")
        // Replacing a node drops its priority and those below it.
        #expect(await firebase.send("PUT", "/users/a.json", #"{"name": "Ada L."}"#).status == 200)
        #expect(await firebase.send("GET", "/users/a/.priority.json").body == "null")
        #expect(await firebase.send("DELETE", "/users.json").status == 200)
        #expect(await firebase.send("PUT", "/users/b.json", "5").status == 200)
        #expect(await firebase.send("GET", "/users/b/.priority.json").body == "null")
    }

    @Test("PUT and DELETE on …/.priority.json change only the priority; a bad one is refused")
    func priorityAlone() async throws {
        let firebase = try await FirebaseHarness()
        #expect(await firebase.send("PUT", "/n.json", #"{"x": 1}"#).status == 200)
        #expect(await firebase.send("PUT", "/n/.priority.json", "7").body == "7")
        #expect(await firebase.send("GET", "/n.json?format=export").json == ["x": 1, ".priority": 7])
        #expect(await firebase.send("GET", "/n.json").json == ["x": 1])
        #expect(await firebase.send("DELETE", "/n/.priority.json").status == 200)
        #expect(await firebase.send("GET", "/n/.priority.json").body == "null")
        let message = "Invalid data; a priority must be a number, a string or null."
        expectError(await firebase.send("PUT", "/n/.priority.json", "true"), 400, message)
        expectError(await firebase.send("PUT", "/m.json", #"{"x": 1, ".priority": {"a": 1}}"#), 400, message)
        expectError(
            await firebase.send("POST", "/n/.priority.json", "1"), 400, "Invalid path: Invalid token in path")
        // A priority on nothing is nothing.
        #expect(await firebase.send("PUT", "/none/.priority.json", "1").status == 200)
        #expect(await firebase.send("GET", "/none/.priority.json").body == "null")
    }

    @Test("orderBy=\"$priority\": none first, then numbers, then strings, ties by key; ranges and limits")
    func orderByPriority() async throws {
        let firebase = try await FirebaseHarness()
        let body = #"""
            {"a": {".value": 1, ".priority": "b"}, "b": {".value": 2, ".priority": 10},
             "c": {".value": 3, ".priority": 2}, "d": 4, "e": {".value": 5, ".priority": 2},
             "f": {".value": 6, ".priority": "a"}}
            """#
        #expect(await firebase.send("PUT", "/items.json", body).status == 200)
        // The answer is an object, unordered: the order shows through limits.
        let order = ["d", "c", "e", "b", "f", "a"]
        for count in 1...6 {
            let first = await firebase.send("GET", "/items.json?orderBy=%22$priority%22&limitToFirst=\(count)").json
            #expect(first?.objectValue.map { Set($0.keys) } == Set(order.prefix(count)), "first \(count)")
        }
        let numbers = await firebase.send("GET", "/items.json?orderBy=%22$priority%22&startAt=2&endAt=10").json
        #expect(numbers?.objectValue.map { Set($0.keys) } == ["b", "c", "e"])
        let last = await firebase.send("GET", "/items.json?orderBy=%22$priority%22&limitToLast=2").json
        #expect(last?.objectValue.map { Set($0.keys) } == ["a", "f"])
        // A new priority moves a child in a cached index.
        #expect(await firebase.send("PUT", "/items/d/.priority.json", #""z""#).status == 200)
        let moved = await firebase.send("GET", "/items.json?orderBy=%22$priority%22&limitToLast=1").json
        #expect(moved?.objectValue.map { Set($0.keys) } == ["d"])
    }

    @Test("Priorities survive a restart, and rules read them with getPriority()")
    func persistedAndReadByRules() async throws {
        let storage = InMemoryStorage()
        let first = try await FirebaseHarness(.init(seedsLessonData: false), storage: storage)
        #expect(await first.send("PUT", "/p.json", #"{"a": {".value": 1, ".priority": 3}}"#).status == 200)
        let second = try await FirebaseHarness(.init(seedsLessonData: false), storage: storage)
        #expect(await second.send("GET", "/p.json?format=export").json == ["a": [".value": 1, ".priority": 3]])
        let rules =
            #"{"rules": {".read": true, "p": {"$k": {".write": "newData.getPriority() != null && data.getPriority() == null"}}}}"#
        #expect(
            await second.send("PUT", "/.settings/rules.json", rules, headers: ["Authorization": "Bearer owner"]).status
                == 200)
        #expect(await second.send("PUT", "/p/b.json", #"{".value": 2, ".priority": 1}"#).status == 200)
        expectError(await second.send("PUT", "/p/c.json", "2"), 401, "Permission denied")
        expectError(await second.send("PUT", "/p/a.json", #"{".value": 2, ".priority": 1}"#), 401, "Permission denied")
    }

    @Test("callback= answers JSONP; download= answers a file; a callback that is not a name is refused")
    func jsonpAndDownload() async throws {
        let firebase = try await FirebaseHarness()
        #expect(await firebase.send("PUT", "/a.json", #"{"b": 1}"#).status == 200)
        let jsonp = await firebase.send("GET", "/a.json?callback=app.got_1")
        #expect(jsonp.body == #"app.got_1({"b":1});"#)
        #expect(jsonp.headers["Content-Type"] == "application/javascript; charset=utf-8")
        let download = await firebase.send("GET", "/a.json?download=my%22data%2F.json")
        #expect(download.body == #"{"b":1}"#)
        #expect(download.headers["Content-Disposition"] == #"attachment; filename="mydata.json""#)
        for callback in ["alert(1)//", "a%3Bb", "", ".x"] {
            expectError(
                await firebase.send("GET", "/a.json?callback=" + callback), 400,
                "Invalid callback: use a JavaScript function name.")
        }
    }
}
