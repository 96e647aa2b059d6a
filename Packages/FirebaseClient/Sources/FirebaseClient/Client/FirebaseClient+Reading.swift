import Foundation
import Networking

extension FirebaseClient {
    /// Reads the value at `path` as `Value`.
    ///
    /// Firebase answers `null` for a location with no data; ask for an
    /// optional type to read that as `nil`:
    ///
    /// ```swift
    /// let name = try await firebase.get("users/ada/name", as: String?.self)
    /// let board = try await firebase.get("", as: JSON.self)  // the whole database, raw
    /// ```
    ///
    /// - Throws: ``/Networking/NetworkError/decodingFailed(_:)`` when the body is not a
    ///   `Value` (truncated JSON, an HTML page, `null` or an array where an
    ///   object was expected), with the place and an excerpt of the body.
    public func get<Value: Decodable & Sendable>(
        _ path: String, as type: Value.Type = Value.self
    ) async throws(NetworkError) -> Value {
        try await http.response(for: request(.get, path, as: Value.self)).value
    }

    /// Reads what a query selects at `path`, decoded as a whole.
    ///
    /// The body is a JSON object in no particular order; decode it as a
    /// dictionary, or use ``query(_:_:as:)`` for the children in order.
    public func get<Value: Decodable & Sendable>(
        _ path: String, query: FirebaseQuery, as type: Value.Type = Value.self
    ) async throws(NetworkError) -> Value {
        try await http.response(for: request(.get, path, as: Value.self).query(query.queryItems())).value
    }

    /// Reads the value at `path` with its ETag, for a conditional write.
    ///
    /// Sends `X-Firebase-ETag: true`; Firebase answers the ETag in a header.
    public func getTagged<Value: Decodable & Sendable>(
        _ path: String, as type: Value.Type = Value.self
    ) async throws(NetworkError) -> FirebaseTagged<Value> {
        let response = try await http.response(
            for: request(.get, path, as: Value.self).header("X-Firebase-ETag", "true"))
        return FirebaseTagged(value: response.value, etag: response.headers["ETag"])
    }

    /// Reads the children a query selects at `path`, in the query's order.
    ///
    /// Firebase applies the range and the limit; the client sorts what comes
    /// back by Firebase's rules (``FirebaseQuery/Order/areInIncreasingOrder(_:_:)``),
    /// because a JSON object carries no order. Children that do not decode
    /// as `Value` are reported in ``FirebaseChildren/skipped``.
    ///
    /// ```swift
    /// let newest = try await firebase.query("posts", .orderByChild("timestamp").limitToLast(15), as: Post.Body.self)
    /// ```
    ///
    /// - Throws: ``/Networking/NetworkError/decodingFailed(_:)`` when the body is
    ///   neither `null` nor an object (or Firebase's array form of one).
    public func query<Value: Decodable & Sendable>(
        _ path: String, _ query: FirebaseQuery, as type: Value.Type = Value.self
    ) async throws(NetworkError) -> FirebaseChildren<Value> {
        let response = try await http.response(for: request(.get, path, as: JSON.self).query(query.queryItems()))
        let children = try Self.children(of: response.value, body: response.raw.body, as: FirebaseChildren<Value>.self)
        var result = FirebaseChildren<Value>()
        for child in query.order.sorted(children) {
            let value = query.order == .priority ? FirebaseExport.strip(child.value) : child.value
            do {
                result.children.append(
                    FirebaseChild(key: child.key, value: try value.decode(Value.self, using: http.decoder)))
            } catch {
                result.skipped.append(SkippedElement(key: child.key, reason: DecodingErrorSummary(error).description))
            }
        }
        return result
    }

    /// Reads `path` with `shallow=true`: each child truncated to `true`, or
    /// the value itself when it is a primitive. Use it to list keys without
    /// downloading what is under them.
    public func shallow(_ path: String) async throws(NetworkError) -> JSON {
        try await http.response(for: request(.get, path, as: JSON.self).query("shallow", "true")).value
    }

    /// The keys of the children of `path`, in Firebase's key order, read
    /// with `shallow=true`; empty for a primitive or a missing location.
    public func childKeys(of path: String) async throws(NetworkError) -> [String] {
        let keys = try await shallow(path).firebaseChildren.map { Array($0.keys) } ?? []
        return keys.sorted(by: FirebaseKeyOrder.areInIncreasingOrder)
    }

    /// The children of a response body: none for `null`, the members of an
    /// object, the elements of Firebase's array form of one.
    static func children<Result>(
        of json: JSON, body: Data, as result: Result.Type
    ) throws(NetworkError) -> [FirebaseChild<JSON>] {
        if json == .null { return [] }
        guard let members = json.firebaseChildren else {
            let error = DecodingError.typeMismatch(
                [String: JSON].self,
                DecodingError.Context(
                    codingPath: [],
                    debugDescription: "Expected an object of children but found \(json.kindDescription) instead."
                )
            )
            throw .decodingFailed(DecodingFailure(error, decoding: Result.self, body: body))
        }
        return members.map { FirebaseChild(key: $0.key, value: $0.value) }
    }
}

extension JSON {
    /// The kind of value, in words, for error messages.
    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
