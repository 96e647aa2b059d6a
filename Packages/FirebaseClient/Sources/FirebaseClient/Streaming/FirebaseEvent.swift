import Foundation
import Networking

/// One event of a Firebase stream, as the REST API sends it over
/// server-sent events.
///
/// ```swift
/// for try await event in firebase.events(at: "posts") {
///     switch event {
///     case .put(let change): print("set", change.path, change.data)
///     case .patch(let change): print("merge into", change.path, change.data)
///     case .keepAlive, .cancel, .authRevoked: break
///     }
/// }
/// ```
public enum FirebaseEvent: Sendable, Hashable {
    /// The data at ``FirebaseChange/path`` (relative to the streamed
    /// location) is now ``FirebaseChange/data``; `null` means deleted. The
    /// first event of every connection is a `put` of the whole location at
    /// `/`: a fresh snapshot after each reconnection.
    case put(FirebaseChange)
    /// Each member of ``FirebaseChange/data`` (an object) was written under
    /// ``FirebaseChange/path``; the other children are unchanged.
    case patch(FirebaseChange)
    /// Nothing changed; the server says the connection is alive.
    case keepAlive
    /// The security rules no longer let this stream read its location. The
    /// server closes the stream, and the client's sequence then throws
    /// ``/Networking/NetworkError/forbidden(_:)`` when the stream was opened
    /// with credentials (the rules refuse this user), or
    /// ``/Networking/NetworkError/unauthenticated(_:)`` when it was not.
    case cancel(String?)
    /// The credentials expired or were revoked. The server closes the
    /// stream; the sequence throws ``/Networking/NetworkError/unauthenticated(_:)``, and
    /// the app subscribes again with fresh credentials.
    case authRevoked(String?)

    /// Reads a server-sent event; `nil` for an event Firebase does not
    /// define, which a client ignores.
    ///
    /// - Throws: A `DecodingError` when a `put` or `patch` carries data
    ///   that is not `{"path": …, "data": …}`.
    init?(_ event: ServerEvent) throws {
        switch event.event {
        case "put":
            self = .put(try Self.change(from: event.data))
        case "patch":
            self = .patch(try Self.change(from: event.data))
        case "keep-alive":
            self = .keepAlive
        case "cancel":
            self = .cancel(Self.reason(from: event.data))
        case "auth_revoked":
            self = .authRevoked(Self.reason(from: event.data))
        default:
            return nil
        }
    }

    private static func change(from data: String) throws -> FirebaseChange {
        try JSONDecoder().decode(FirebaseChange.self, from: Data(data.utf8))
    }

    /// The text of a `cancel` or `auth_revoked` event: a JSON string, or
    /// `null` for none.
    private static func reason(from data: String) -> String? {
        guard let json = try? JSONDecoder().decode(JSON.self, from: Data(data.utf8)) else {
            return data.isEmpty ? nil : data
        }
        return json.stringValue
    }
}

/// A change a stream reports: where, relative to the streamed location, and
/// the new data there.
public struct FirebaseChange: Sendable, Hashable, Decodable {
    /// The path of the change, such as `/` or `/-NqQ4h2bW9y1Zx8aQ3tV/text`.
    public var path: String
    /// The data written there; `null` means deleted.
    public var data: JSON

    /// Creates a change.
    public init(path: String, data: JSON) {
        self.path = path
        self.data = data
    }

    /// The path's segments: `[]` for the location itself.
    public var segments: [String] {
        FirebasePath.segments(of: path)
    }

    private enum CodingKeys: String, CodingKey {
        case path
        case data
    }

    /// Reads `{"path": …, "data": …}`; a missing `data` is `null`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        path = try container.decode(String.self, forKey: .path)
        data = try container.decodeIfPresent(JSON.self, forKey: .data) ?? .null
    }
}
