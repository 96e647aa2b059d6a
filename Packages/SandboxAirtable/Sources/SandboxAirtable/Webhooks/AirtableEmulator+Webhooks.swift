import Foundation
import Networking
import SandboxCore

extension AirtableEmulator {
    /// How long a webhook lives before it must be refreshed: 7 days.
    static let webhookLifetime: TimeInterval = 7 * 24 * 3600

    /// The base of a `/v0/bases/{base}/webhooks…` request: the rate limit,
    /// then whether it exists (a well-formed id that does not is
    /// `MODEL_ID_NOT_FOUND`).
    func webhooksBase(_ id: String) async throws(AirtableFailure) -> String {
        guard await rateLimiter.admit(base: id) else { throw .rateLimited }
        guard await store.base(id) != nil else {
            throw AirtableID.isValid(id, prefix: "app") ? .modelNotFound : .notFound
        }
        return id
    }

    /// `GET /v0/bases/{base}/webhooks`.
    func listWebhooks(base baseID: String) async -> SandboxResponse {
        let listed = await webhookRegistry.list(base: baseID).map(Self.describe)
        return .json(200, ["webhooks": .array(listed)])
    }

    /// `DELETE /v0/bases/{base}/webhooks/{webhook}`.
    func deleteWebhook(_ id: String, base baseID: String) async throws(AirtableFailure) -> SandboxResponse {
        let webhook = try await webhook(id, base: baseID)
        await webhookRegistry.remove(webhook.id)
        return .json(200, [:])
    }

    /// `POST /v0/bases/{base}/webhooks/{webhook}/refresh`: 7 more days.
    func refreshWebhook(_ id: String, base baseID: String) async throws(AirtableFailure) -> SandboxResponse {
        let webhook = try await webhook(id, base: baseID)
        let expiry = Date().addingTimeInterval(Self.webhookLifetime)
        _ = await webhookRegistry.update(webhook.id) { $0.expirationTime = expiry }
        return .json(200, ["expirationTime": .string(AirtableTimestamp.format(expiry))])
    }

    /// `POST /v0/bases/{base}/webhooks/{webhook}/enableNotifications`:
    /// `{"enable": true|false}`.
    func enableNotifications(
        _ request: SandboxRequest, _ id: String, base baseID: String
    ) async throws(AirtableFailure) -> SandboxResponse {
        let webhook = try await webhook(id, base: baseID)
        guard let enable = try Self.jsonBody(request)["enable"]?.boolValue else { throw .invalidRequest }
        _ = await webhookRegistry.update(webhook.id) { $0.notificationsEnabled = enable }
        return .json(200, [:])
    }

    /// `GET /v0/bases/{base}/webhooks/{webhook}/payloads`.
    func webhookPayloads(
        _ request: SandboxRequest, _ id: String, base baseID: String
    ) async throws(AirtableFailure) -> SandboxResponse {
        .json(200, try Self.payloadPage(try await webhook(id, base: baseID), request))
    }

    /// The webhook `id` of `baseID`, or Airtable's `NOT_FOUND`.
    private func webhook(_ id: String, base baseID: String) async throws(AirtableFailure) -> AirtableWebhooks.Webhook {
        guard let webhook = await webhookRegistry.webhook(id, base: baseID) else { throw .notFound }
        return webhook
    }

    /// `POST /v0/bases/{base}/webhooks`: a specification and an optional
    /// `notificationUrl`.
    func createWebhook(_ request: SandboxRequest, base baseID: String) async throws(AirtableFailure)
        -> SandboxResponse
    {
        let body = try Self.jsonBody(request)
        guard let specification = body["specification"],
            specification["options"]?["filters"]?["dataTypes"]?.arrayValue != nil
        else { throw .missingFields("specification") }
        var url: URL?
        if let text = body["notificationUrl"]?.stringValue {
            // Any http(s) URL is taken, as Airtable takes it; whether a ping
            // is sent there is the registry's business.
            guard let parsed = URL(string: text), parsed.isHTTPWithHost else {
                throw AirtableFailure(
                    status: 422, type: "INVALID_REQUEST_UNKNOWN",
                    message: "Invalid request: notificationUrl must be an http or https URL.")
            }
            url = parsed
        }
        var secret = [UInt8](repeating: 0, count: 32)
        for index in secret.indices { secret[index] = UInt8.random(in: 0...255) }
        let webhook = AirtableWebhooks.Webhook(
            id: AirtableID.make("ach"), baseID: baseID, notificationURL: url, specification: specification,
            macSecret: secret, expirationTime: Date().addingTimeInterval(Self.webhookLifetime))
        guard await webhookRegistry.add(webhook) else {
            throw AirtableFailure(
                status: 422, type: "TOO_MANY_WEBHOOKS_BY_OAUTH_INTEGRATION_IN_BASE",
                message: "A base may have at most \(AirtableWebhooks.maxPerBase) webhooks.")
        }
        return .json(
            200,
            [
                "id": .string(webhook.id), "macSecretBase64": .string(Data(secret).base64EncodedString()),
                "expirationTime": .string(AirtableTimestamp.format(webhook.expirationTime)),
            ])
    }

    private static func describe(_ webhook: AirtableWebhooks.Webhook) -> JSON {
        [
            "id": .string(webhook.id), "areNotificationsEnabled": .bool(webhook.notificationsEnabled),
            "cursorForNextPayload": .number(Double(webhook.nextCursor)), "isHookEnabled": true,
            "lastSuccessfulNotificationTime": .null,
            "notificationUrl": webhook.notificationURL.map { .string($0.absoluteString) } ?? .null,
            "expirationTime": .string(AirtableTimestamp.format(webhook.expirationTime)),
            "lastNotificationResult": webhook.lastNotificationResult, "specification": webhook.specification,
        ]
    }

    /// `?cursor=N&limit=L` (1 to 50, default 50): the payloads from cursor
    /// N, the cursor after them, and whether more may follow.
    private static func payloadPage(_ webhook: AirtableWebhooks.Webhook, _ request: SandboxRequest)
        throws(AirtableFailure) -> JSON
    {
        var cursor = webhook.firstCursor
        if let text = request.query("cursor") {
            guard let value = AirtableListParameters.wholeNumber(text), value >= 1 else { throw .invalidRequest }
            cursor = max(value, webhook.firstCursor)
        }
        var limit = 50
        if let text = request.query("limit") {
            guard let value = AirtableListParameters.wholeNumber(text), (1...50).contains(value) else {
                throw .invalidRequest
            }
            limit = value
        }
        let start = min(cursor - webhook.firstCursor, webhook.payloads.count)
        let end = min(start + limit, webhook.payloads.count)
        return [
            "cursor": .number(Double(webhook.firstCursor + end)),
            "mightHaveMore": .bool(end < webhook.payloads.count),
            "payloads": .array(Array(webhook.payloads[start..<end])),
        ]
    }
}
