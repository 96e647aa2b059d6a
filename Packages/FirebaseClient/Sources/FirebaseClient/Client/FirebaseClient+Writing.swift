import Foundation
import Networking

extension FirebaseClient {
    /// Writes `value` at `path`, replacing whatever was there (`PUT`).
    ///
    /// A `PUT` is idempotent, so the client retries it after a dropped
    /// connection or a 503: writing the same value twice stores it once.
    /// That is why the lessons PUT under a key the app made (a UUID, or
    /// ``makePushID()``) rather than POST.
    ///
    /// ```swift
    /// try await firebase.put(post.body, at: "posts/\(post.identifier.uuidString)")
    /// try await firebase.put(tagged.value + 1, at: "counters/likes", ifMatch: tagged.etag)
    /// ```
    ///
    /// - Parameters:
    ///   - value: What to write; any `Encodable` value.
    ///   - path: Where, relative to the database root.
    ///   - etag: Write only if the location still has this ETag (from
    ///     ``getTagged(_:as:)``); otherwise Firebase answers 412, thrown as
    ///     ``/Networking/NetworkError/conflict(_:)`` with the current value
    ///     (``Networking/NetworkError/firebaseConflict``).
    ///   - silently: Send `print=silent`: Firebase answers 204 without
    ///     echoing the data, for writes whose echo nobody reads.
    @discardableResult
    public func put<Value: Encodable & Sendable>(
        _ value: Value, at path: String, ifMatch etag: String? = nil, silently: Bool = false
    ) async throws(NetworkError) -> FirebaseWriteResult {
        try await write(.put, path, body: value, ifMatch: etag, silently: silently)
    }

    /// Adds `value` as a new child of `path` under a key Firebase makes
    /// (`POST`), and returns that key: a push id such as `-NqQ4h2bW9y1Zx8aQ3tV`.
    ///
    /// A `POST` is not idempotent, so it is never retried: a second attempt
    /// would add a second child. To make a retry-safe add, PUT under
    /// ``makePushID()`` instead.
    ///
    /// ```swift
    /// let key = try await firebase.post(message, to: "\(thread.identifier)/messages")
    /// ```
    public func post<Value: Encodable & Sendable>(
        _ value: Value, to path: String
    ) async throws(NetworkError) -> String {
        try await http.response(for: request(.post, path, as: PushResult.self).jsonBody(value)).value.name
    }

    /// Changes the named children of `path`, leaving the others (`PATCH`).
    ///
    /// ```swift
    /// try await firebase.patch(["text": "Edited"], at: "posts/\(id)")
    /// ```
    @discardableResult
    public func patch<Value: Encodable & Sendable>(
        _ value: Value, at path: String, silently: Bool = false
    ) async throws(NetworkError) -> FirebaseWriteResult {
        try await write(.patch, path, body: value, ifMatch: nil, silently: silently)
    }

    /// Writes several locations at once, all or nothing: a multi-path
    /// update. Each key is a path relative to `path`; `nil` deletes.
    ///
    /// ```swift
    /// try await firebase.update([
    ///     "posts/\(id)/text": "Edited",
    ///     "reports/\(id)": nil,
    /// ])
    /// ```
    @discardableResult
    public func update(
        _ values: [String: JSON], at path: String = "", silently: Bool = false
    ) async throws(NetworkError) -> FirebaseWriteResult {
        try await write(.patch, path, body: values, ifMatch: nil, silently: silently)
    }

    /// Removes the data at `path` (`DELETE`); Firebase answers `null`.
    ///
    /// - Parameters:
    ///   - path: What to remove, relative to the database root.
    ///   - etag: Delete only if the location still has this ETag.
    ///   - silently: Send `print=silent`.
    @discardableResult
    public func delete(
        _ path: String, ifMatch etag: String? = nil, silently: Bool = false
    ) async throws(NetworkError) -> FirebaseWriteResult {
        try await write(.delete, path, body: nil, ifMatch: etag, silently: silently)
    }

    private func write(
        _ method: HTTPMethod,
        _ path: String,
        body: (any Encodable & Sendable)?,
        ifMatch etag: String?,
        silently: Bool
    ) async throws(NetworkError) -> FirebaseWriteResult {
        var request = request(method, path, as: Data.self).jsonBody(body)
        if silently {
            request = request.query("print", "silent")
        }
        if let etag {
            // Asking for the ETag too brings back the new one with a success.
            request = request.header("if-match", etag).header("X-Firebase-ETag", "true")
        }
        let response = try await http.response(for: request)
        let etagAfter = response.headers["ETag"]
        guard !silently else { return FirebaseWriteResult(value: nil, etag: etagAfter) }
        do {
            let echo = try http.decoder.decode(JSON.self, from: response.raw.body)
            return FirebaseWriteResult(value: echo, etag: etagAfter)
        } catch {
            throw .decodingFailed(DecodingFailure(error, decoding: JSON.self, body: response.raw.body))
        }
    }
}

/// Firebase's answer to a `POST`: `{"name": "<push id>"}`.
struct PushResult: Decodable, Sendable {
    let name: String
}
