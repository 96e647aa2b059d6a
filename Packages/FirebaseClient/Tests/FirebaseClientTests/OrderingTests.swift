import FirebaseClient
import Networking
import Testing

@Suite("Firebase's ordering rules, on the client")
struct OrderingTests {
    @Test("Keys: 32-bit integers first, numerically, then strings by UTF-16 code unit")
    func keyOrder() {
        let keys = ["b", "10", "a", "2", "-3", "2147483648", "Z", "007", "7", "é", "e"]
        #expect(
            keys.sorted(by: FirebaseKeyOrder.areInIncreasingOrder) == [
                "-3", "2", "7", "007", "10", "2147483648", "Z", "a", "b", "e", "é",
            ])
    }

    @Test("Values: null, false, true, numbers, strings, objects")
    func valueKinds() {
        let values: [JSON] = [["x": 1], "b", "a", 10, -1, true, false, .null, [1, 2]]
        let sorted = values.map(FirebaseSortValue.init).sorted()
        #expect(
            sorted == [
                .null, .bool(false), .bool(true), .number(-1), .number(10), .string("a"), .string("b"), .object,
                .object,
            ])
    }

    @Test("Ordering by child: missing children first, ties broken by key")
    func childOrder() {
        let children = [
            FirebaseChild(key: "c", value: ["age": 3] as JSON),
            FirebaseChild(key: "b", value: ["age": 3] as JSON),
            FirebaseChild(key: "a", value: ["name": "no age"] as JSON),
            FirebaseChild(key: "d", value: ["age": "three"] as JSON),
            FirebaseChild(key: "e", value: ["age": 1] as JSON),
        ]
        #expect(FirebaseQuery.Order.child("age").sorted(children).map(\.key) == ["a", "e", "b", "c", "d"])
    }

    @Test("Ordering by a nested child path")
    func nestedChildOrder() {
        let children = [
            FirebaseChild(key: "x", value: ["author": ["name": "Zoe"]] as JSON),
            FirebaseChild(key: "y", value: ["author": ["name": "Ada"]] as JSON),
        ]
        #expect(FirebaseQuery.Order.child("author/name").sorted(children).map(\.key) == ["y", "x"])
    }

    @Test("Ordering by value and by key")
    func valueAndKeyOrder() {
        let children = [
            FirebaseChild(key: "10", value: 1 as JSON),
            FirebaseChild(key: "9", value: "a" as JSON),
            FirebaseChild(key: "a", value: false as JSON),
        ]
        #expect(FirebaseQuery.Order.value.sorted(children).map(\.key) == ["a", "10", "9"])
        #expect(FirebaseQuery.Order.key.sorted(children).map(\.key) == ["9", "10", "a"])
    }

    @Test("Ordering by priority reads the exported .priority: none, numbers, strings")
    func priorityOrder() {
        let children = [
            FirebaseChild(key: "s", value: ["v": 1, ".priority": "p"] as JSON),
            FirebaseChild(key: "n", value: [".value": 2, ".priority": 5] as JSON),
            FirebaseChild(key: "none", value: ["v": 3] as JSON),
        ]
        #expect(FirebaseQuery.Order.priority.sorted(children).map(\.key) == ["none", "n", "s"])
    }
}
