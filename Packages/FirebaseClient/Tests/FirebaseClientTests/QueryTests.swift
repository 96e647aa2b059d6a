import FirebaseClient
import Foundation
import Networking
import Sandbox
import Testing

@Suite("Queries against the Sandbox")
struct QueryTests {
    /// Dinosaurs, the Firebase guides' example, with a tie and a missing height.
    static let dinosaurs: JSON = [
        "lambeosaurus": ["height": 2.1, "order": "ornithischia"],
        "stegosaurus": ["height": 4, "order": "ornithischia"],
        "bruhathkayosaurus": ["height": 25, "order": "saurischia"],
        "linhenykus": ["height": 0.6, "order": "theropoda"],
        "pterodactyl": ["height": 0.6, "order": "pterosauria"],
        "unknown": ["order": "incertae sedis"],
    ]

    private func seeded() async throws -> TestDatabase {
        let database = try await TestDatabase.make()
        try await database.firebase.put(Self.dinosaurs, at: "dinosaurs")
        return database
    }

    @Test("Children come back in the query's order, ties by key, missing values first")
    func orderByChild() async throws {
        let database = try await seeded()
        let all = try await database.firebase.query("dinosaurs", .orderByChild("height"), as: JSON.self)
        #expect(
            all.keys == ["unknown", "linhenykus", "pterodactyl", "lambeosaurus", "stegosaurus", "bruhathkayosaurus"])
        #expect(all.skipped.isEmpty)
    }

    @Test("limitToFirst and limitToLast keep each end, still in ascending order")
    func limits() async throws {
        let database = try await seeded()
        let last = try await database.firebase.query("dinosaurs", .orderByChild("height").limitToLast(2), as: JSON.self)
        #expect(last.keys == ["stegosaurus", "bruhathkayosaurus"])
        let first = try await database.firebase.query("dinosaurs", .orderByKey().limitToFirst(2), as: JSON.self)
        #expect(first.keys == ["bruhathkayosaurus", "lambeosaurus"])
    }

    @Test("Ranges: startAt/endAt include the bound, startAfter/endBefore exclude it, equalTo matches")
    func ranges() async throws {
        let database = try await seeded()
        let firebase = database.firebase
        let inclusive = try await firebase.query(
            "dinosaurs", .orderByChild("height").startAt(0.6).endAt(4), as: JSON.self)
        #expect(inclusive.keys == ["linhenykus", "pterodactyl", "lambeosaurus", "stegosaurus"])
        let exclusive = try await firebase.query(
            "dinosaurs", .orderByChild("height").startAfter(0.6).endBefore(4), as: JSON.self)
        #expect(exclusive.keys == ["lambeosaurus"])
        let equal = try await firebase.query("dinosaurs", .orderByChild("order").equalTo("ornithischia"), as: JSON.self)
        #expect(equal.keys == ["lambeosaurus", "stegosaurus"])
        let byKey = try await firebase.query("dinosaurs", .orderByKey().startAt("p").endAt("t"), as: JSON.self)
        #expect(byKey.keys == ["pterodactyl", "stegosaurus"])
    }

    @Test("Ordering by value sorts kinds as Firebase does")
    func orderByValue() async throws {
        let database = try await TestDatabase.make()
        try await database.firebase.put(["a": "text", "b": 3, "c": true, "d": false, "e": -1] as JSON, at: "scores")
        let sorted = try await database.firebase.query("scores", .orderByValue(), as: JSON.self)
        #expect(sorted.keys == ["d", "c", "e", "b", "a"])
    }

    @Test("Integer keys sort numerically, and an array answer is read as children")
    func integerKeysAndArrays() async throws {
        let database = try await TestDatabase.make()
        try await database.firebase.put(["zero", "one", "two"] as JSON, at: "list")
        #expect(try await database.firebase.get("list", as: JSON.self) == ["zero", "one", "two"])
        let array = try await database.firebase.query("list", .orderByValue(), as: String.self)
        #expect(array.keys == ["1", "2", "0"])
        try await database.firebase.put("ten", at: "list/10")
        let children = try await database.firebase.query("list", .orderByKey(), as: String.self)
        #expect(children.keys == ["0", "1", "2", "10"])
        #expect(children.values == ["zero", "one", "two", "ten"])
    }

    @Test("Typed children that do not decode are skipped and reported, the rest kept in order")
    func lossyChildren() async throws {
        let database = try await TestDatabase.make()
        try await database.firebase.put(
            [
                "a": ["text": "one", "order": 1], "b": ["text": "two"], "c": ["text": "three", "order": 3],
            ] as JSON, at: "notes")
        let notes = try await database.firebase.query("notes", .orderByChild("order"), as: Note.self)
        #expect(notes.keys == ["a", "c"])
        #expect(notes.skipped.map(\.key) == ["b"])
        #expect(notes.skipped.first?.reason.contains("order") == true)
    }

    @Test("A query on a missing location is empty")
    func emptyQuery() async throws {
        let database = try await TestDatabase.make()
        let result = try await database.firebase.query("nothing", .orderByKey(), as: JSON.self)
        #expect(result.isEmpty)
    }

    @Test("get with a query decodes the selection as a whole")
    func getWithQuery() async throws {
        let database = try await seeded()
        let tallest = try await database.firebase.get(
            "dinosaurs", query: .orderByChild("height").limitToLast(1), as: [String: JSON].self)
        #expect(Array(tallest.keys) == ["bruhathkayosaurus"])
    }
}
