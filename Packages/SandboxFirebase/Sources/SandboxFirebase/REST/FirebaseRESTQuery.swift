import Foundation
import Networking
import SandboxCore

/// A REST query: `orderBy` and its filters, parsed and checked the way the
/// Realtime Database checks them.
///
/// Values are JSON in the query string (`orderBy="timestamp"`,
/// `endAt=1457568000.5`, `equalTo="Ada"`); a range bound may add a key to
/// break ties, `startAt=1457568000,"-NabC"`, as the SDKs' two-argument
/// `startAt(value, key)` does.
struct FirebaseRESTQuery: Sendable, Hashable {
    /// What the children are ordered by.
    enum Order: Sendable, Hashable {
        /// `"$key"`.
        case key
        /// `"$value"`.
        case value
        /// `"$priority"`: children without a priority first, then numbers,
        /// then strings, ties broken by key (see ``FirebasePriorities``).
        case priority
        /// A child key or a nested path such as `"a/b"`.
        case child(FirebasePath)
    }

    /// The key part of a bound.
    enum KeyBound: Sendable, Hashable {
        /// Before every key: `startAt(v)` includes every child at `v`.
        case min
        /// A key given as the tie-break.
        case name(String)
        /// After every key: `endAt(v)` includes every child at `v`.
        case max
    }

    /// One end of the range.
    struct Bound: Sendable, Hashable {
        /// The ordered value.
        var value: FirebaseIndexValue
        /// The key that breaks ties.
        var key: KeyBound
        /// Whether a child exactly at the bound is in the range.
        var inclusive: Bool
    }

    /// How many children to keep, from which end.
    enum Limit: Sendable, Hashable {
        /// `limitToFirst`.
        case first(Int)
        /// `limitToLast`.
        case last(Int)
    }

    /// The ordering.
    var order: Order
    /// The lower end, if any.
    var start: Bound?
    /// The upper end, if any.
    var end: Bound?
    /// The limit, if any.
    var limit: Limit?

    /// Whether the query filters at all; `orderBy` alone returns every child.
    var filters: Bool {
        start != nil || end != nil || limit != nil
    }

    /// The query parameters a request may carry.
    static let parameterNames = [
        "orderBy", "limitToFirst", "limitToLast", "startAt", "endAt", "equalTo", "startAfter", "endBefore",
    ]

    /// The query in `request`, or `nil` when it has none.
    static func parse(_ request: SandboxRequest) throws(FirebaseEmulatorError) -> FirebaseRESTQuery? {
        guard let orderText = request.query("orderBy") else {
            if parameterNames.contains(where: { request.query($0) != nil }) { throw .orderByRequired }
            return nil
        }
        var query = FirebaseRESTQuery(order: try parseOrder(orderText))
        let first = try request.query("limitToFirst").map { text throws(FirebaseEmulatorError) in
            try parseLimit(text, name: "limitToFirst")
        }
        let last = try request.query("limitToLast").map { text throws(FirebaseEmulatorError) in
            try parseLimit(text, name: "limitToLast")
        }
        switch (first, last) {
        case (.some, .some): throw .bothLimits
        case (let count?, nil): query.limit = .first(count)
        case (nil, let count?): query.limit = .last(count)
        case (nil, nil): break
        }
        let startAt = request.query("startAt")
        let startAfter = request.query("startAfter")
        let endAt = request.query("endAt")
        let endBefore = request.query("endBefore")
        if let equalTo = request.query("equalTo") {
            guard startAt == nil, startAfter == nil, endAt == nil, endBefore == nil else { throw .equalToWithRange }
            let (value, key) = try query.parseConstraint(equalTo)
            query.start = Bound(value: value, key: key.map(KeyBound.name) ?? .min, inclusive: true)
            query.end = Bound(value: value, key: key.map(KeyBound.name) ?? .max, inclusive: true)
            return query
        }
        if startAt != nil, startAfter != nil { throw .bothBounds("startAt", "startAfter") }
        if endAt != nil, endBefore != nil { throw .bothBounds("endAt", "endBefore") }
        if let startAt {
            let (value, key) = try query.parseConstraint(startAt)
            query.start = Bound(value: value, key: key.map(KeyBound.name) ?? .min, inclusive: true)
        }
        if let startAfter {
            let (value, key) = try query.parseConstraint(startAfter)
            query.start = Bound(value: value, key: key.map(KeyBound.name) ?? .max, inclusive: false)
        }
        if let endAt {
            let (value, key) = try query.parseConstraint(endAt)
            query.end = Bound(value: value, key: key.map(KeyBound.name) ?? .max, inclusive: true)
        }
        if let endBefore {
            let (value, key) = try query.parseConstraint(endBefore)
            query.end = Bound(value: value, key: key.map(KeyBound.name) ?? .min, inclusive: false)
        }
        return query
    }

    /// Creates a query; requests are parsed with ``parse(_:)``.
    init(order: Order, start: Bound? = nil, end: Bound? = nil, limit: Limit? = nil) {
        self.order = order
        self.start = start
        self.end = end
        self.limit = limit
    }

    private static func parseOrder(_ text: String) throws(FirebaseEmulatorError) -> Order {
        guard case .string(let path)? = try? JSON.parse(text) else { throw .orderByNotJSON }
        switch path {
        case "$key": return .key
        case "$value": return .value
        case "$priority": return .priority
        default:
            let childPath = FirebasePath(relative: path)
            guard !childPath.isRoot, childPath.depth <= FirebasePath.maxDepth,
                childPath.keys.allSatisfy(FirebaseKey.isValid)
            else { throw .orderByNotJSON }
            return .child(childPath)
        }
    }

    private static func parseLimit(_ text: String, name: String) throws(FirebaseEmulatorError) -> Int {
        // Firebase's grammar is a signed integer (a negative one gets its own
        // message below); Int(String) refuses anything else and cannot trap.
        guard let count = Int(text) else { throw .limitNotInteger(name) }  // safe: a failed parse is an error
        guard count > 0 else { throw .limitNotPositive(name) }
        return count
    }

    /// A bound's value and optional tie-break key. When ordering by key (or
    /// by the absent priority) the value is compared with keys, so it
    /// becomes the bound's key.
    private func parseConstraint(_ text: String) throws(FirebaseEmulatorError) -> (FirebaseIndexValue, String?) {
        let (value, name) = try Self.splitConstraint(text)
        switch order {
        case .key:
            guard case .string(let key) = value else { throw .keyIndexNotString }
            guard name == nil else { throw .keyIndexWithName }
            return (.null, key)
        case .value, .priority, .child:
            return (FirebaseIndexValue(value), name)
        }
    }

    /// `value` or `value,"key"`, where `value` is a JSON primitive.
    private static func splitConstraint(_ text: String) throws(FirebaseEmulatorError) -> (JSON, String?) {
        if let value = try? JSON.parse(text) {
            guard value.isFirebasePrimitive else { throw .constraintNotPrimitive }
            return (value, nil)
        }
        var searchStart = text.startIndex
        while let comma = text[searchStart...].firstIndex(of: ",") {
            if let value = try? JSON.parse(String(text[..<comma])),
                case .string(let key)? = try? JSON.parse(String(text[text.index(after: comma)...]))
            {
                guard value.isFirebasePrimitive else { throw .constraintNotPrimitive }
                return (value, key)
            }
            searchStart = text.index(after: comma)
        }
        throw .constraintNotPrimitive
    }
}

extension JSON {
    /// Whether this is `null`, a boolean, a number or a string.
    var isFirebasePrimitive: Bool {
        switch self {
        case .null, .bool, .number, .string: true
        case .array, .object: false
        }
    }
}
