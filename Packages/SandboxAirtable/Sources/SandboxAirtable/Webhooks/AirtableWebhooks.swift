import Foundation
import Networking
import SandboxCore

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
    /// What carries pings, made at the first one; it reads at most 64 KiB
    /// of an answer.
    private lazy var outbound = OutboundTransport(maxBodySize: 64 << 10)
    /// Who is told of each ping sent: the request log.
    private var deliveryObserver: (@Sendable (RecordedRequest) async -> Void)?

    init(allowsRemoteNotifications: Bool) {
        self.allowsRemoteNotifications = allowsRemoteNotifications
    }

    /// Sets who is told of each notification ping and its answer.
    func observeDeliveries(_ observer: @escaping @Sendable (RecordedRequest) async -> Void) {
        deliveryObserver = observer
    }

    /// Every webhook of every base.
    var all: [Webhook] {
        webhooks.values.sorted { $0.id < $1.id }
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
    /// A URL off this machine, while remote pings are not allowed, is not
    /// called: the result says why, as a failed delivery would.
    private func notify(_ webhook: Webhook, url: URL, at time: Date) {
        let body: JSON = [
            "base": ["id": .string(webhook.baseID)], "webhook": ["id": .string(webhook.id)],
            "timestamp": .string(AirtableTimestamp.format(time)),
        ]
        let data = body.serialized()
        let mac = SecureHash.hmacSHA256(key: webhook.macSecret, message: Array(data))
        let headers: HeaderFields = [
            "Content-Type": "application/json",
            "X-Airtable-Content-MAC": "hmac-sha256=" + mac.map { String(format: "%02x", $0) }.joined(),
        ]
        let request = TransportRequest(method: .post, url: url, headers: headers, data: data)
        let reachable = mayReach(url)
        let outbound = reachable ? outbound : nil
        let observer = deliveryObserver
        let id = webhook.id
        Task {
            let started = ContinuousClock.now
            let response = await outbound?.send(request)
            let duration = ContinuousClock.now - started
            let milliseconds =
                (Double(duration.components.seconds) * 1000
                + Double(duration.components.attoseconds) / 1e15).rounded()
            var result: [String: JSON] = [
                "success": .bool(response.map { (200..<300).contains($0.status) } ?? false),
                "completionTimestamp": .string(AirtableTimestamp.now()),
                "durationMs": .number(milliseconds), "retryNumber": 0,
            ]
            if response == nil {
                result["error"] = [
                    "message": .string(
                        reachable
                            ? "The notification could not be delivered."
                            : "The Sandbox did not send the notification: it pings only this machine unless remote webhooks are allowed."
                    )
                ]
                result["willBeRetried"] = false
            }
            _ = self.update(id) { [result] in $0.lastNotificationResult = .object(result) }
            // In the request log like any exchange, secrets in the URL and
            // the answer's headers redacted.
            let redactor = Redactor()
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            let path = components?.percentEncodedPath ?? "/"
            let host = components?.host ?? ""
            await observer?(
                RecordedRequest(
                    service: "airtable", method: "POST", path: path.isEmpty ? "/" : path,
                    rawQuery: components?.percentEncodedQuery.map { redactor.redact(text: $0) },
                    status: response?.status ?? 0, duration: duration, requestHeaders: headers,
                    requestBody: CapturedBody(data), responseHeaders: redactor.redact(response?.headers ?? [:]),
                    responseBody: CapturedBody(response?.body ?? Data()),
                    note: reachable
                        ? "Sent by the Sandbox: a notification of webhook \(id) to \(host)"
                        : "Not sent by the Sandbox: a notification of webhook \(id) to \(host), off this machine (remote webhooks are not allowed)"
                ))
        }
    }

    /// Whether pings may go to `url`: this machine's addresses, unless
    /// remote ones are allowed, so a sandbox never calls out to the network
    /// unless told to.
    private func mayReach(_ url: URL) -> Bool {
        allowsRemoteNotifications || url.isOnThisMachine
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
