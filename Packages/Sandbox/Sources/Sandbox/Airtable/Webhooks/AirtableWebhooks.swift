import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A base's webhooks: their specifications, the payloads each has
/// gathered (numbered from 1, the cursor), and the notification pings sent
/// to their `notificationUrl`, signed with the webhook's MAC secret as
/// Airtable signs them (`X-Airtable-Content-MAC: hmac-sha256=<hex>`).
///
/// Kept in memory: webhooks do not survive a restart (Airtable's expire
/// after 7 days unless refreshed; here they last as long as the process).
actor AirtableWebhooks {
    /// The most webhooks a base may have, as Airtable allows.
    static let maxPerBase = 10
    /// The most payloads a webhook keeps, and the most bytes they may
    /// take; older ones are dropped, as Airtable drops those past 7 days.
    static let maxPayloads = 10_000
    static let maxPayloadBytes = 16 << 20

    struct Webhook: Sendable {
        var id: String
        var baseID: String
        var notificationURL: URL?
        var specification: JSON
        var macSecret: [UInt8]
        var notificationsEnabled = true
        var expirationTime: Date
        var payloads: [JSON] = []
        /// The serialized size of each payload, for the byte bound.
        var payloadSizes: [Int] = []
        var payloadBytes = 0
        /// The cursor of `payloads[0]`.
        var firstCursor = 1
        var lastNotificationResult: JSON = .null

        var nextCursor: Int { firstCursor + payloads.count }

        /// Whether a change to `tableID` is one this webhook watches.
        func watches(table tableID: String) -> Bool {
            let filters = specification["options"]?["filters"]
            let types = filters?["dataTypes"]?.arrayValue?.compactMap(\.stringValue) ?? []
            guard types.contains("tableData") else { return false }
            guard let scope = filters?["recordChangeScope"]?.stringValue else { return true }
            return scope == tableID
        }
    }

    private var webhooks: [String: Webhook] = [:]
    /// Whether pings may go to hosts other than this machine.
    let allowsRemoteNotifications: Bool
    private let session: URLSession

    init(allowsRemoteNotifications: Bool) {
        self.allowsRemoteNotifications = allowsRemoteNotifications
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        session = URLSession(configuration: configuration)
    }

    func list(base: String) -> [Webhook] {
        webhooks.values.filter { $0.baseID == base }.sorted { $0.id < $1.id }
    }

    func webhook(_ id: String, base: String) -> Webhook? {
        webhooks[id].flatMap { $0.baseID == base ? $0 : nil }
    }

    /// Adds a webhook; `nil` when the base has its ten already.
    func add(_ webhook: Webhook) -> Bool {
        guard list(base: webhook.baseID).count < Self.maxPerBase else { return false }
        webhooks[webhook.id] = webhook
        return true
    }

    func remove(_ id: String) {
        webhooks[id] = nil
    }

    func update(_ id: String, _ change: (inout Webhook) -> Void) -> Webhook? {
        guard var webhook = webhooks[id] else { return nil }
        change(&webhook)
        webhooks[id] = webhook
        return webhook
    }

    /// Records a write to a table as a payload for every webhook of the
    /// base that watches it, and pings those with notifications on. The
    /// changes are worked out only when some webhook watches the table.
    func record(base: String, before: AirtableTable, after: AirtableTable, touched: Set<String>, at time: Date) {
        let table = before.id
        let watching = webhooks.values.filter { $0.baseID == base && $0.watches(table: table) }
        guard !watching.isEmpty,
            let changes = AirtableWebhookChanges.between(before, after, touched: touched)
        else { return }
        let size = changes.serialized().count
        for webhook in watching {
            let id = webhook.id
            var updated = webhook
            updated.payloads.append(
                [
                    "timestamp": .string(AirtableTimestamp.format(time)),
                    "baseTransactionNumber": .number(Double(updated.nextCursor)),
                    "actionMetadata": [
                        "source": "publicApi",
                        "sourceMetadata": ["user": AirtableCells.sandboxUser.merging(["permissionLevel": "create"])],
                    ],
                    "payloadFormat": "v0",
                    "changedTablesById": [table: changes],
                ])
            updated.payloadSizes.append(size)
            updated.payloadBytes += size
            while updated.payloads.count > 1,
                updated.payloads.count > Self.maxPayloads || updated.payloadBytes > Self.maxPayloadBytes
            {
                updated.payloads.removeFirst()
                updated.payloadBytes -= updated.payloadSizes.removeFirst()
                updated.firstCursor += 1
            }
            webhooks[id] = updated
            if updated.notificationsEnabled, let url = updated.notificationURL {
                notify(updated, url: url, at: time)
            }
        }
    }

    /// POSTs `{"base", "webhook", "timestamp"}` to the webhook's URL with
    /// the MAC of the body; the result is kept as `lastNotificationResult`.
    private func notify(_ webhook: Webhook, url: URL, at time: Date) {
        let body: JSON = [
            "base": ["id": .string(webhook.baseID)], "webhook": ["id": .string(webhook.id)],
            "timestamp": .string(AirtableTimestamp.format(time)),
        ]
        let data = body.serialized()
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = data
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let mac = SecureHash.hmacSHA256(key: webhook.macSecret, message: Array(data))
        request.setValue(
            "hmac-sha256=" + mac.map { String(format: "%02x", $0) }.joined(),
            forHTTPHeaderField: "X-Airtable-Content-MAC")
        let session = session
        let id = webhook.id
        Task {
            let result: JSON
            do {
                let (_, response) = try await session.data(for: request)
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                result = [
                    "success": .bool((200..<300).contains(status)),
                    "completionTimestamp": .string(AirtableTimestamp.now()),
                    "durationMs": 0, "retryNumber": 0,
                ]
            } catch {
                result = [
                    "success": false, "error": ["message": .string("The notification could not be delivered.")],
                    "completionTimestamp": .string(AirtableTimestamp.now()), "durationMs": 0, "retryNumber": 0,
                    "willBeRetried": false,
                ]
            }
            _ = self.update(id) { $0.lastNotificationResult = result }
        }
    }

    /// Whether pings may go to `url`: this machine's addresses, unless
    /// remote ones are allowed.
    func accepts(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", let host = url.host
        else { return false }
        if allowsRemoteNotifications { return true }
        return ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host.lowercased()) || host.hasPrefix("127.")
    }
}

extension JSON {
    /// This object with `other`'s members added (or replaced).
    fileprivate func merging(_ other: [String: JSON]) -> JSON {
        guard case .object(var members) = self else { return self }
        for (key, value) in other { members[key] = value }
        return .object(members)
    }
}
