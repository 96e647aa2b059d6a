import Foundation
import Networking
import SandboxCore

/// Airtable's part of a Sandbox export, in `sandbox_export/airtable/`:
///
/// ```text
/// bases/<baseId>.json   a base as the data directory keeps it: its "base" row,
///                       a "table/<tableId>" row per table (schema, views), and a
///                       "record/<tableId>/<recordId>" row per record (cells, comments)
/// webhooks.json         {"webhooks": [...]}: each webhook with its specification,
///                       secret, cursor and the payloads not yet read
/// files/<attachmentId>  an uploaded attachment's bytes
/// ```
extension AirtableEmulator: SandboxExporting {
    /// `airtable`.
    public var exportFolder: String { "airtable" }

    /// Every base, webhook and uploaded attachment, as the files above.
    public func exportFiles() async throws -> [String: Data] {
        var files: [String: Data] = [:]
        for base in await store.allBases {
            var rows: [String: JSON] = [:]
            for case .put(let key, let value) in AirtablePersistence.rows(for: base) {
                rows[key] = try? JSON.parse(value, maxDepth: 64)
            }
            files["bases/\(base.id).json"] = JSON.object(rows).serialized(pretty: true)
        }
        let webhooks = await webhookRegistry.all.map(Self.json)
        files["webhooks.json"] = JSON.object(["webhooks": .array(webhooks)]).serialized(pretty: true)
        for (id, data) in await store.allFiles {
            files["files/\(id)"] = data
        }
        return files
    }

    /// Takes in an export: each base replaces the base of its id, each
    /// webhook is added (replacing one of its id), each file is kept.
    public func importFiles(_ files: [String: Data]) async throws {
        for (path, data) in files.sorted(by: { $0.key < $1.key }) {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            switch (parts.first, parts.count) {
            case ("bases", 2) where parts[1].hasSuffix(".json"):
                let id = String(parts[1].dropLast(".json".count))
                guard let rows = (try? JSON.parse(data, maxDepth: 64))?.objectValue,
                    let base = AirtablePersistence.decodeBase(id: id, rows: rows.mapValues { $0.serialized() })
                else { throw SandboxExportError("airtable/\(path) is not a base as the Sandbox exports it.") }
                try await store.add(base)
            case ("files", 2):
                guard try await store.storeFile(data, id: String(parts[1])) else {
                    throw SandboxExportError("airtable/\(path): the attachments would take more than 256 MiB.")
                }
            case ("webhooks.json", 1):
                guard let list = (try? JSON.parse(data, maxDepth: 64))?["webhooks"]?.arrayValue else {
                    throw SandboxExportError("airtable/webhooks.json is not {\"webhooks\": [...]}.")
                }
                for value in list {
                    guard let webhook = Self.webhook(value) else {
                        throw SandboxExportError("airtable/webhooks.json has a webhook that cannot be read.")
                    }
                    await webhookRegistry.remove(webhook.id)
                    guard await webhookRegistry.add(webhook) else {
                        throw SandboxExportError("airtable/webhooks.json: more than 10 webhooks on a base.")
                    }
                }
            default:
                throw SandboxExportError("airtable/\(path) is not a file of an Airtable export.")
            }
        }
    }

    private static func json(_ webhook: AirtableWebhooks.Webhook) -> JSON {
        [
            "id": .string(webhook.id), "baseId": .string(webhook.baseID),
            "notificationUrl": webhook.notificationURL.map { .string($0.absoluteString) } ?? .null,
            "specification": webhook.specification,
            "macSecretBase64": .string(Data(webhook.macSecret).base64EncodedString()),
            "areNotificationsEnabled": .bool(webhook.notificationsEnabled),
            "expirationTime": .number(webhook.expirationTime.timeIntervalSince1970),
            "firstCursor": .number(Double(webhook.firstCursor)), "payloads": .array(webhook.payloads),
            "lastNotificationResult": webhook.lastNotificationResult,
        ]
    }

    private static func webhook(_ value: JSON) -> AirtableWebhooks.Webhook? {
        guard let id = value["id"]?.stringValue, let baseID = value["baseId"]?.stringValue,
            let secret = value["macSecretBase64"]?.stringValue.flatMap({ Data(base64Encoded: $0) }),
            let expiration = value["expirationTime"]?.numberValue, expiration.isFinite,
            let cursor = value["firstCursor"]?.numberValue, cursor == cursor.rounded(), (1...1e15).contains(cursor),
            let specification = value["specification"]
        else { return nil }
        let payloads = Array((value["payloads"]?.arrayValue ?? []).suffix(AirtableWebhooks.maxPayloads))
        let sizes = payloads.map { $0.serialized().count }
        return AirtableWebhooks.Webhook(
            id: id, baseID: baseID, notificationURL: value["notificationUrl"]?.stringValue.flatMap(URL.init(string:)),
            specification: specification, macSecret: Array(secret),
            notificationsEnabled: value["areNotificationsEnabled"]?.boolValue ?? true,
            expirationTime: Date(timeIntervalSince1970: expiration), payloads: payloads, payloadSizes: sizes,
            payloadBytes: sizes.reduce(0, +), firstCursor: Int(cursor),  // safe: a whole number up to 1e15
            lastNotificationResult: value["lastNotificationResult"] ?? .null)
    }
}
