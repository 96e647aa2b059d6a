import FirebaseClient
import Foundation
import Networking
import Sandbox
import Testing

@Suite("Reading and writing")
struct ReadWriteTests {
    @Test("PUT writes a typed value that GET reads back, and the echo is what was stored")
    func putThenGet() async throws {
        let database = try await TestDatabase.make()
        let note = Note(text: "Hello", order: 1)
        let result = try await database.firebase.put(note, at: "notes/first")
        #expect(result.value == ["order": 1, "text": "Hello"])
        #expect(try await database.firebase.get("notes/first", as: Note.self) == note)
        #expect(try await database.firebase.get("notes", as: [String: Note].self) == ["first": note])
    }

    @Test("A missing location reads as nil through an optional type, and as null raw")
    func missingLocation() async throws {
        let database = try await TestDatabase.make()
        #expect(try await database.firebase.get("nothing/here", as: Note?.self) == nil)
        #expect(try await database.firebase.get("nothing/here", as: JSON.self) == .null)
    }

    @Test("POST adds a child under a push id and returns the id")
    func postReturnsPushID() async throws {
        let database = try await TestDatabase.make()
        let first = try await database.firebase.post(Note(text: "a", order: 1), to: "notes")
        let second = try await database.firebase.post(Note(text: "b", order: 2), to: "notes")
        #expect(first.count == 20 && second.count == 20)
        #expect(first < second)
        let notes = try await database.firebase.get("notes", as: [String: Note].self)
        #expect(notes == [first: Note(text: "a", order: 1), second: Note(text: "b", order: 2)])
    }

    @Test("PATCH changes the named children and leaves the rest")
    func patchMerges() async throws {
        let database = try await TestDatabase.make()
        try await database.firebase.put(Note(text: "Draft", order: 1), at: "notes/n")
        try await database.firebase.patch(["text": "Final"], at: "notes/n")
        #expect(try await database.firebase.get("notes/n", as: Note.self) == Note(text: "Final", order: 1))
    }

    @Test("A multi-path update writes and deletes several locations at once")
    func multiPathUpdate() async throws {
        let database = try await TestDatabase.make()
        try await database.firebase.put(["a": 1, "b": 2] as JSON, at: "counters")
        try await database.firebase.put("remove me", at: "stale")
        try await database.firebase.update(["counters/a": 10, "counters/c/d": "deep", "stale": nil])
        #expect(
            try await database.firebase.get("", as: JSON.self) == ["counters": ["a": 10, "b": 2, "c": ["d": "deep"]]])
    }

    @Test("DELETE removes a location and answers null")
    func deleteRemoves() async throws {
        let database = try await TestDatabase.make()
        try await database.firebase.put(Note(text: "x", order: 0), at: "notes/x")
        let result = try await database.firebase.delete("notes/x")
        #expect(result.value == .null)
        #expect(try await database.firebase.get("notes/x", as: JSON.self) == .null)
    }

    @Test("print=silent writes without an echo")
    func silentWrites() async throws {
        let database = try await TestDatabase.make()
        let put = try await database.firebase.put(Note(text: "quiet", order: 1), at: "notes/q", silently: true)
        let patch = try await database.firebase.patch(["order": 2], at: "notes/q", silently: true)
        #expect(put.value == nil && patch.value == nil)
        #expect(try await database.firebase.get("notes/q", as: Note.self) == Note(text: "quiet", order: 2))
        let silent = await database.sandbox.requests.all.filter { $0.rawQuery?.contains("print=silent") == true }
        #expect(silent.map(\.status) == [204, 204])
    }

    @Test("shallow lists children without their contents; childKeys sorts them in key order")
    func shallowReads() async throws {
        let database = try await TestDatabase.make()
        for key in ["b", "10", "2", "a"] {
            try await database.firebase.put(["deep": ["deeper": .string(key)]] as JSON, at: "items/\(key)")
        }
        #expect(try await database.firebase.shallow("items") == ["a": true, "b": true, "2": true, "10": true])
        #expect(try await database.firebase.childKeys(of: "items") == ["2", "10", "a", "b"])
        #expect(try await database.firebase.childKeys(of: "missing") == [])
    }

    @Test("Raw JSON round-trips at the root and under keys that need percent-encoding")
    func rawJSONAndEncodedKeys() async throws {
        let database = try await TestDatabase.make()
        let value: JSON = ["name": "Ada Lovelace", "tags": ["a", "b"], "score": 1.5, "ok": true]
        try await database.firebase.put(value, at: "people/ada lovelace ✓")
        #expect(try await database.firebase.get("people/ada lovelace ✓", as: JSON.self) == value)
        #expect(try await database.firebase.childKeys(of: "people") == ["ada lovelace ✓"])
    }

    @Test("Server values are resolved by the server and echoed")
    func serverTimestamp() async throws {
        let database = try await TestDatabase.make()
        let before = Date().timeIntervalSince1970 * 1000
        let result = try await database.firebase.put(FirebaseServerValue.timestamp, at: "stamp")
        let stamped = try #require(result.value?.numberValue)
        #expect(stamped >= before.rounded(.down) - 1000)
        try await database.firebase.put(5, at: "count")
        try await database.firebase.put(FirebaseServerValue.increment(2), at: "count")
        #expect(try await database.firebase.get("count", as: Int.self) == 7)
    }
}
