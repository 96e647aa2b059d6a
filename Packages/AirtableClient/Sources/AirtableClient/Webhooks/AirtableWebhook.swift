import Foundation
import Networking

/// A webhook of a base, as `GET /v0/bases/{base}/webhooks` lists it.
public struct AirtableWebhook: Sendable, Hashable, Decodable {
    /// The webhook id, `ach…`.
    public var id: String
    /// Where notifications go, if anywhere.
    public var notificationURL: String?
    /// Whether notifications are sent.
    public var areNotificationsEnabled: Bool
    /// The cursor the next payload will have.
    public var cursorForNextPayload: Int
    /// When it expires unless refreshed.
    public var expirationTime: Date?
    /// What it watches, as JSON (`options.filters.dataTypes`, …).
    public var specification: JSON

    enum CodingKeys: String, CodingKey {
        case id, areNotificationsEnabled, cursorForNextPayload, expirationTime, specification
        case notificationURL = "notificationUrl"
    }
}

/// What creating a webhook answers: its id and the secret its
/// notifications are signed with (shown only once).
public struct AirtableWebhookCreated: Sendable, Hashable, Decodable, CustomStringConvertible {
    /// The webhook id.
    public var id: String
    /// The MAC secret, base64.
    public var macSecretBase64: String
    /// When it expires unless refreshed.
    public var expirationTime: Date?

    /// The id and expiry; the secret is redacted.
    public var description: String {
        "AirtableWebhookCreated(id: \(id), macSecretBase64: REDACTED)"
    }
}

/// A page of a webhook's payloads.
public struct AirtableWebhookPayloads: Sendable, Hashable, Decodable {
    /// The cursor to ask from next.
    public var cursor: Int
    /// Whether more payloads may follow.
    public var mightHaveMore: Bool
    /// The payloads, as JSON (`timestamp`, `changedTablesById`, …).
    public var payloads: [JSON]
}

/// Checks a webhook notification as it arrives at the notification URL.
public enum AirtableWebhookNotification {
    /// Whether `body` carries a valid `X-Airtable-Content-MAC` header value
    /// (`hmac-sha256=<hex>`) for the webhook whose secret is
    /// `macSecretBase64`, compared in constant time.
    public static func isAuthentic(body: Data, macHeader: String, macSecretBase64: String) -> Bool {
        guard let secret = Data(base64Encoded: macSecretBase64), macHeader.hasPrefix("hmac-sha256=") else {
            return false
        }
        let expected = SecureHash.hmacSHA256(key: Array(secret), message: Array(body))
        let hex = macHeader.dropFirst("hmac-sha256=".count)
        guard hex.utf8.count == 64 else { return false }
        var given: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return false }
            given.append(byte)
            index = next
        }
        return SecureHash.constantTimeEqual(expected, given)
    }
}
