import Foundation
import Networking

/// The customer Bankey greets, from `GET /bankey/profile/{id}`.
///
/// ```swift
/// let profile = try Profile.decode(from: data)   // survives the server's trailing commas
/// profile.firstName                               // "Kevin"
/// ```
public struct Profile: Sendable, Hashable, Identifiable, Codable {
    /// The user id, such as `"1"`.
    public var id: String
    /// The first name (`first_name`).
    public var firstName: String
    /// The last name (`last_name`).
    public var lastName: String

    /// The JSON keys, in the server's snake case.
    public enum CodingKeys: String, CodingKey, Sendable {
        /// `id`
        case id
        /// `first_name`
        case firstName = "first_name"
        /// `last_name`
        case lastName = "last_name"
    }

    /// Creates a profile.
    public init(id: String, firstName: String, lastName: String) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
    }

    /// Decodes a profile from the server's bytes, which end objects with a
    /// trailing comma: the decode is retried once without trailing commas if
    /// the platform's parser rejects them.
    ///
    /// - Throws: ``/Networking/NetworkError/decodingFailed(_:)`` naming the
    ///   field that did not decode.
    public static func decode(from data: Data, using decoder: JSONDecoder = .bankey) throws(NetworkError) -> Profile {
        try ModelDecoding.decode(Profile.self, from: data) {
            try TolerantJSON.decode(Profile.self, from: $0, using: decoder)
        }
    }
}
