import Foundation
import Networking

/// What a transaction's update asks for, given the current value.
public enum FirebaseTransactionUpdate<Value: Sendable>: Sendable {
    /// Write this value.
    case set(Value)
    /// Delete the location.
    case remove
    /// Stop without writing; the transaction throws
    /// ``FirebaseTransactionError/aborted``.
    case abort
}

/// How a transaction ended when it committed.
public struct FirebaseTransactionResult<Value: Sendable>: Sendable {
    /// The value written (`nil` when the update removed it).
    public var value: Value?
    /// The new value's ETag.
    public var etag: String?
    /// How many conditional writes it took, the committed one included.
    public var attempts: Int
}

/// Why a transaction did not commit.
public enum FirebaseTransactionError: Error, Sendable, CustomStringConvertible {
    /// The update returned ``FirebaseTransactionUpdate/abort``; nothing was written.
    case aborted
    /// Every one of `attempts` conditional writes met a newer value: the
    /// location is too busy. Nothing of this transaction was written.
    case contended(attempts: Int)
    /// The update threw this error; nothing was written.
    case updateFailed(any Error)
    /// A request failed. A conditional write that lost its connection may
    /// or may not have been applied (the client cannot know, so it does not
    /// try again): read the location to find out.
    case network(NetworkError)

    /// What went wrong, in a sentence.
    public var description: String {
        switch self {
        case .aborted: "The transaction was aborted by its update."
        case .contended(let attempts): "The transaction lost to other writers \(attempts) times in a row."
        case .updateFailed(let error): "The transaction's update failed: \(error)"
        case .network(let error): "The transaction failed: \(error)"
        }
    }
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
    /// gets `nil` when the location is empty. The conditional write is never
    /// resent by the retry policy: after a lost connection it may have been
    /// applied, and applying `update` again would count twice. A `5xx` or
    /// `429` answer (which applied nothing) counts as an attempt and the
    /// transaction reads again.
    ///
    /// - Parameters:
    ///   - path: The location, relative to the database root.
    ///   - type: What the location holds.
    ///   - maxAttempts: The most conditional writes; 25 as in the Admin SDKs.
    ///   - update: The new value for the current one, ``FirebaseTransactionUpdate/remove``,
    ///     or ``FirebaseTransactionUpdate/abort``.
    /// - Throws: ``FirebaseTransactionError``.
    @discardableResult
    public func transaction<Value: Codable & Sendable>(
        _ path: String, as type: Value.Type = Value.self, maxAttempts: Int = 25,
        _ update: (Value?) throws -> FirebaseTransactionUpdate<Value>
    ) async throws(FirebaseTransactionError) -> FirebaseTransactionResult<Value> {
        var (current, etag) = try await read(path, as: Value.self)
        var attempts = 0
        while attempts < max(1, maxAttempts) {
            attempts += 1
            let decision: FirebaseTransactionUpdate<Value>
            do {
                decision = try update(current)
            } catch {
                throw .updateFailed(error)
            }
            var request = request(.put, path, as: Data.self).header("X-Firebase-ETag", "true").idempotent(false)
            switch decision {
            case .abort:
                throw .aborted
            case .set(let value):
                request = request.jsonBody(value)
            case .remove:
                request.method = .delete
            }
            if let etag { request = request.header("if-match", etag) }
            do {
                let response = try await http.response(for: request)
                return FirebaseTransactionResult(
                    value: Self.written(decision), etag: response.headers["ETag"], attempts: attempts)
            } catch {
                if let conflict = error.firebaseConflict {
                    current = try decoded(conflict.currentValue, as: Value.self)
                    etag = conflict.etag
                } else if Self.appliedNothing(error) {
                    (current, etag) = try await read(path, as: Value.self)
                } else {
                    throw .network(error)
                }
            }
        }
        throw .contended(attempts: attempts)
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
    ) async throws(FirebaseTransactionError) -> (Value?, String?) {
        let tagged: FirebaseTagged<JSON>
        do throws(NetworkError) {
            tagged = try await getTagged(path, as: JSON.self)
        } catch {
            throw .network(error)
        }
        return (try decoded(tagged.value, as: Value.self), tagged.etag)
    }

    private func decoded<Value: Decodable>(_ json: JSON, as type: Value.Type) throws(FirebaseTransactionError) -> Value?
    {
        guard !json.isNull else { return nil }
        let data: Data
        do {
            data = try JSONEncoder().encode(json)
        } catch {
            throw .network(.encodingFailed(String(describing: error)))
        }
        do {
            return try http.decoder.decode(Value.self, from: data)
        } catch {
            throw .network(.decodingFailed(DecodingFailure(error, decoding: Value.self, body: data)))
        }
    }
}
