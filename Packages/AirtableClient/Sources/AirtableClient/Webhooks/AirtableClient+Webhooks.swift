import Foundation
import Networking

extension AirtableClient {
    /// The webhooks of the client's base.
    public func webhooks() async throws(NetworkError) -> [AirtableWebhook] {
        try await http.send(webhookRequest(.get, [], as: WebhookList.self)).webhooks
    }

    /// Creates a webhook watching `specification` (the JSON Airtable
    /// documents, such as `{"options": {"filters": {"dataTypes":
    /// ["tableData"]}}}`), notifying `notificationURL` if given. Keep the
    /// answer's secret: it is the only way to check a notification.
    public func createWebhook(notificationURL: URL?, specification: JSON) async throws(NetworkError)
        -> AirtableWebhookCreated
    {
        try await http.send(
            webhookRequest(.post, [], as: AirtableWebhookCreated.self)
                .jsonBody(NewWebhook(notificationUrl: notificationURL?.absoluteString, specification: specification)))
    }

    /// Deletes a webhook.
    public func deleteWebhook(_ id: String) async throws(NetworkError) {
        _ = try await http.send(webhookRequest(.delete, [id], as: JSON.self))
    }

    /// Extends a webhook's life by seven days; returns the new expiry.
    @discardableResult
    public func refreshWebhook(_ id: String) async throws(NetworkError) -> Date? {
        try await http.send(webhookRequest(.post, [id, "refresh"], as: Refreshed.self)).expirationTime
    }

    /// Turns a webhook's notifications on or off.
    public func setWebhookNotifications(_ id: String, enabled: Bool) async throws(NetworkError) {
        _ = try await http.send(
            webhookRequest(.post, [id, "enableNotifications"], as: JSON.self).jsonBody(["enable": JSON.bool(enabled)]))
    }

    /// One page of a webhook's payloads from `cursor` (1 is the first).
    public func webhookPayloads(_ id: String, from cursor: Int = 1, limit: Int? = nil) async throws(NetworkError)
        -> AirtableWebhookPayloads
    {
        var request = try webhookRequest(.get, [id, "payloads"], as: AirtableWebhookPayloads.self)
            .query("cursor", String(max(1, cursor)))
        if let limit { request = request.query("limit", String(min(max(1, limit), 50))) }
        return try await http.send(request)
    }

    /// `v0/bases/{base}/webhooks/<segments…>`.
    private func webhookRequest<Value: Decodable>(_ method: HTTPMethod, _ segments: [String], as type: Value.Type)
        throws(NetworkError) -> NetworkRequest<Value>
    {
        try apiRequest(method, ["bases", configuration.baseID, "webhooks"] + segments, as: type)
    }

    private struct WebhookList: Decodable { var webhooks: [AirtableWebhook] }
    private struct Refreshed: Decodable { var expirationTime: Date? }
    private struct NewWebhook: Encodable, Sendable {
        var notificationUrl: String?
        var specification: JSON
    }
}
