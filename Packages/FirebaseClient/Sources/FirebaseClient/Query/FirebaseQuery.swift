import Networking

/// A Realtime Database query: an ordering, an optional range and an
/// optional limit, written into the URL as the REST API expects.
///
/// Every query starts from its ordering, because Firebase refuses a range
/// or a limit without one:
///
/// ```swift
/// // Lesson 2's page: the 15 newest posts up to a timestamp.
/// let page = FirebaseQuery.orderByChild("timestamp").endAt(.number(end)).limitToLast(15)
/// page.queryItems  // orderBy="timestamp"&endAt=1522108802.5&limitToLast=15, values JSON-encoded
/// ```
///
/// The REST API answers a query with a JSON object, which has no order;
/// ``FirebaseClient/query(_:_:as:)`` sorts the children into the query's
/// order on the client with ``Order/areInIncreasingOrder(_:_:)``.
///
/// Ranges follow the SDKs: `startAt`/`endAt` include the bound,
/// `startAfter`/`endBefore` exclude it, and `equalTo` replaces both ends.
public struct FirebaseQuery: Sendable, Hashable {
    /// What the children are ordered by.
    public enum Order: Sendable, Hashable {
        /// The children's keys (`orderBy="$key"`).
        case key
        /// The children's own values (`orderBy="$value"`).
        case value
        /// The children's priorities (`orderBy="$priority"`).
        case priority
        /// The value at a path inside each child, such as `timestamp` or
        /// `author/name` (`orderBy="timestamp"`).
        case child(String)
    }

    /// How many children to keep, from which end of the ordering.
    public enum Limit: Sendable, Hashable {
        /// The first `count` children (`limitToFirst`).
        case first(Int)
        /// The last `count` children (`limitToLast`).
        case last(Int)
    }

    /// One end of a range.
    public struct Bound: Sendable, Hashable {
        /// The value at the end of the range.
        public var value: FirebaseQueryValue
        /// Whether children at exactly ``value`` are in the range.
        public var isInclusive: Bool

        /// Creates a bound.
        public init(value: FirebaseQueryValue, isInclusive: Bool) {
            self.value = value
            self.isInclusive = isInclusive
        }
    }

    /// The ordering.
    public var order: Order
    /// The start of the range, if any.
    public var start: Bound?
    /// The end of the range, if any.
    public var end: Bound?
    /// The one value children must have, if set (instead of a range).
    public var equal: FirebaseQueryValue?
    /// The limit, if any.
    public var limit: Limit?

    /// Creates a query with an ordering and nothing else.
    public init(orderBy order: Order) {
        self.order = order
    }

    /// Orders by key.
    public static func orderByKey() -> FirebaseQuery { FirebaseQuery(orderBy: .key) }
    /// Orders by each child's own value.
    public static func orderByValue() -> FirebaseQuery { FirebaseQuery(orderBy: .value) }
    /// Orders by priority.
    public static func orderByPriority() -> FirebaseQuery { FirebaseQuery(orderBy: .priority) }
    /// Orders by the value at `path` inside each child.
    public static func orderByChild(_ path: String) -> FirebaseQuery { FirebaseQuery(orderBy: .child(path)) }

    /// Keeps the first `count` children.
    public func limitToFirst(_ count: Int) -> FirebaseQuery { with { $0.limit = .first(count) } }
    /// Keeps the last `count` children.
    public func limitToLast(_ count: Int) -> FirebaseQuery { with { $0.limit = .last(count) } }

    /// Starts at `value`, inclusive.
    public func startAt(_ value: FirebaseQueryValue) -> FirebaseQuery {
        with {
            $0.start = Bound(value: value, isInclusive: true)
            $0.equal = nil
        }
    }

    /// Starts just after `value`.
    public func startAfter(_ value: FirebaseQueryValue) -> FirebaseQuery {
        with {
            $0.start = Bound(value: value, isInclusive: false)
            $0.equal = nil
        }
    }

    /// Ends at `value`, inclusive.
    public func endAt(_ value: FirebaseQueryValue) -> FirebaseQuery {
        with {
            $0.end = Bound(value: value, isInclusive: true)
            $0.equal = nil
        }
    }

    /// Ends just before `value`.
    public func endBefore(_ value: FirebaseQueryValue) -> FirebaseQuery {
        with {
            $0.end = Bound(value: value, isInclusive: false)
            $0.equal = nil
        }
    }

    /// Keeps only children at exactly `value`; replaces any range.
    public func equalTo(_ value: FirebaseQueryValue) -> FirebaseQuery {
        with {
            $0.equal = value
            $0.start = nil
            $0.end = nil
        }
    }

    /// The query items, in a fixed order, with every value JSON-encoded.
    ///
    /// Ordering by priority adds `format=export`, because a plain REST
    /// response leaves priorities out and the client could not sort by
    /// them; the client strips the exported metadata from what it returns.
    ///
    /// - Throws: ``/Networking/NetworkError/encodingFailed(_:)`` for a number that is
    ///   not finite, which JSON cannot express.
    public func queryItems() throws(NetworkError) -> [QueryItem] {
        var items = [QueryItem(name: "orderBy", value: order.json)]
        if order == .priority {
            items.append(QueryItem(name: "format", value: "export"))
        }
        for (name, value) in [
            (start.map { $0.isInclusive ? "startAt" : "startAfter" }, start?.value),
            (end.map { $0.isInclusive ? "endAt" : "endBefore" }, end?.value),
            (equal.map { _ in "equalTo" }, equal),
        ] {
            guard let name, let value else { continue }
            guard value.isEncodable else {
                throw .encodingFailed("\(name) must be a finite number, a string, a boolean or null.")
            }
            items.append(QueryItem(name: name, value: value.json))
        }
        switch limit {
        case .first(let count): items.append(QueryItem(name: "limitToFirst", value: String(count)))
        case .last(let count): items.append(QueryItem(name: "limitToLast", value: String(count)))
        case nil: break
        }
        return items
    }

    private func with(_ change: (inout FirebaseQuery) -> Void) -> FirebaseQuery {
        var copy = self
        change(&copy)
        return copy
    }
}

extension FirebaseQuery.Order {
    /// The `orderBy` parameter: a JSON string, such as `"$key"` or `"timestamp"`.
    public var json: String {
        switch self {
        case .key: FirebaseQueryValue.json(string: "$key")
        case .value: FirebaseQueryValue.json(string: "$value")
        case .priority: FirebaseQueryValue.json(string: "$priority")
        case .child(let path): FirebaseQueryValue.json(string: path)
        }
    }
}
