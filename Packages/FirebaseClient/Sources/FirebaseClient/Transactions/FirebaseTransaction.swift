import Foundation
import Networking

/// What a transaction's update asks for, given the current value.
public enum FirebaseTransactionUpdate<Value: Sendable>: Sendable {
    /// Write this value.
    case set(Value)
    /// Delete the location.
    case remove
    /// Stop without writing: the transaction returns a result that is not
    /// ``FirebaseTransactionResult/committed``, as the official SDKs'
    /// transactions do when their update returns `undefined` or `nil`.
    case abort
}

/// How a transaction ended: committed, or aborted by its update.
public struct FirebaseTransactionResult<Value: Sendable>: Sendable {
    /// Whether the value was written; `false` when the update returned
    /// ``FirebaseTransactionUpdate/abort``.
    public var committed: Bool
    /// The value written (`nil` when the update removed it), or, when the
    /// update aborted, the value it saw.
    public var value: Value?
    /// The ETag of ``value``.
    public var etag: String?
    /// How many times the update ran to a decision: the conditional
    /// writes, the committed one included, and an abort.
    public var attempts: Int
}

extension FirebaseClient {
    /// Reads `path`, computes its new value with `update`, and writes it only
    /// if nobody wrote there in between, as the Admin SDKs' `transaction()`
    /// does over the REST API: the read asks for the ETag
    /// (`X-Firebase-ETag: true`), the write sends it as `if-match`, and a
    /// `412` brings back the newer value, which `update` sees next.
    ///
    /// ```swift
    /// let likes = try await firebase.transaction("counters/likes", as: Int.self) { current in
    ///     .set((current ?? 0) + 1)
    /// }
    /// ```
    ///
    /// `update` may run several times, so it must not have side effects; it
    /// gets `nil` when the location is empty, and returns
    /// ``FirebaseTransactionUpdate/abort`` to stop without writing. The
    /// conditional write is never resent by the retry policy: after a lost
    /// connection it may have been applied, and applying `update` again
    /// would count twice. A `5xx` or `429` answer (which applied nothing)
    /// counts as an attempt and the transaction reads again.
    ///
    /// - Parameters:
    ///   - path: The location, relative to the database root.
    ///   - type: What the location holds.
    ///   - maxAttempts: The most conditional writes; 25 as in the Admin SDKs.
    ///   - update: The new value for the current one, ``FirebaseTransactionUpdate/remove``,
    ///     or ``FirebaseTransactionUpdate/abort``. What it throws, the
    ///     transaction throws, having written nothing.
    /// - Throws: ``/Networking/NetworkError``: ``/Networking/NetworkError/conflict(_:)``,
    ///   the last `412`, when every one of `maxAttempts` writes met a newer
    ///   value (the location is too busy; nothing was written), or the
    ///   request's own failure. A write that lost its connection may or may
    ///   not have been applied (the client cannot know, so it does not try
    ///   again): read the location to find out.
    @discardableResult
    public func transaction<Value: Codable & Sendable>(
        _ path: String, as type: Value.Type = Value.self, maxAttempts: Int = 25,
        _ update: (Value?) throws(NetworkError) -> FirebaseTransactionUpdate<Value>
    ) async throws(NetworkError) -> FirebaseTransactionResult<Value> {
        var (current, etag) = try await read(path, as: Value.self)
        let limit = max(1, maxAttempts)
        var attempts = 0
        while true {
            attempts += 1
            let decision = try update(current)
            var request = request(.put, path, as: Data.self).header("X-Firebase-ETag", "true").idempotent(false)
            switch decision {
            case .abort:
                return FirebaseTransactionResult(committed: false, value: current, etag: etag, attempts: attempts)
            case .set(let value):
                request = request.jsonBody(value)
            case .remove:
                request.method = .delete
            }
            if let etag { request = request.header("if-match", etag) }
            do {
                let response = try await http.response(for: request)
                return FirebaseTransactionResult(
                    committed: true, value: Self.written(decision), etag: response.headers["ETag"],
                    attempts: attempts)
            } catch {
                let conflict = error.firebaseConflict
                guard attempts < limit, conflict != nil || Self.appliedNothing(error) else { throw error }
                if let conflict {
                    current = try decoded(conflict.currentValue, as: Value.self)
                    etag = conflict.etag
                } else {
                    (current, etag) = try await read(path, as: Value.self)
                }
            }
        }
    }

    private static func written<Value>(_ decision: FirebaseTransactionUpdate<Value>) -> Value? {
        if case .set(let value) = decision { return value }
        return nil
    }

    /// Whether the server answered, saying it did nothing: a `5xx` or `429`.
    private static func appliedNothing(_ error: NetworkError) -> Bool {
        switch error {
        case .rateLimited: true
        case .httpStatus(let failure): failure.status >= 500
        default: false
        }
    }

    /// The value at `path` (`nil` for none) and its ETag.
    private func read<Value: Decodable & Sendable>(
        _ path: String, as type: Value.Type
    ) async throws(NetworkError) -> (Value?, String?) {
        let tagged = try await getTagged(path, as: JSON.self)
        return (try decoded(tagged.value, as: Value.self), tagged.etag)
    }

    private func decoded<Value: Decodable>(_ json: JSON, as type: Value.Type) throws(NetworkError) -> Value? {
        guard !json.isNull else { return nil }
        return try json.decode(Value.self, using: http.decoder)
    }
}
