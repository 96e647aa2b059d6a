import Foundation
import Networking
import SandboxCore

/// Airtable downloads a file given to an attachment field by `url` after
/// the write, and then the attachment gains its `size`, `type` and, for an
/// image, `width` and `height`. The fetcher does the same for URLs on this
/// machine (the Sandbox calls no other host): told of each committed write,
/// it downloads every new attachment still without a `size` (at most
/// ``maxInFlight`` at a time, each within ``AirtableEmulator/maxUploadBytes``
/// and ``OutboundTransport/deadline``, following no redirect) and writes
/// what it learnt back into the cell. An attachment elsewhere, one that
/// fails, or one over the bounds keeps its `url` and `filename` only, as on
/// Airtable before its download.
actor AirtableAttachmentFetcher {
    /// The most downloads at once; an attachment beyond them is not fetched.
    static let maxInFlight = 8

    private let store: AirtableStore
    private var inFlight = 0
    /// What carries downloads, made at the first one.
    private lazy var outbound = OutboundTransport(maxBodySize: AirtableEmulator.maxUploadBytes)

    init(store: AirtableStore) {
        self.store = store
    }

    /// Starts a download for each attachment the write added by URL.
    /// Called with the store's write lock held: it only starts tasks.
    func consider(base: String, before: AirtableTable, after: AirtableTable, touched: Set<String>) {
        let fields = after.fields.filter { $0.type == .multipleAttachments }
        guard !fields.isEmpty else { return }
        for recordID in touched {
            guard let record = after.records[recordID] else { continue }
            for field in fields {
                let known = Set(
                    (before.records[recordID]?.cells[field.id]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue })
                for attachment in record.cells[field.id]?.arrayValue ?? [] {
                    guard attachment["size"] == nil, let id = attachment["id"]?.stringValue, !known.contains(id),
                        let text = attachment["url"]?.stringValue, let url = URL(string: text),
                        url.isHTTPWithHost, url.isOnThisMachine,
                        inFlight < Self.maxInFlight
                    else { continue }
                    inFlight += 1
                    let place = Place(base: base, table: after.id, record: recordID, field: field.id, attachment: id)
                    let outbound = outbound
                    Task { await self.fetch(url, into: place, with: outbound) }
                }
            }
        }
    }

    /// Where a downloaded file's attachment sits.
    private struct Place: Sendable {
        let base: String
        let table: String
        let record: String
        let field: String
        let attachment: String
    }

    private func fetch(_ url: URL, into place: Place, with outbound: OutboundTransport) async {
        defer { inFlight -= 1 }
        guard let response = await outbound.send(TransportRequest(method: .get, url: url)),
            (200..<300).contains(response.status)
        else { return }
        let metadata = AttachmentMetadata(data: response.body, contentType: response.headers["Content-Type"])
        var learnt: [String: JSON] = [
            "size": .number(Double(response.body.count)), "type": .string(metadata.type),
        ]
        if let width = metadata.width, let height = metadata.height {
            learnt["width"] = .number(Double(width))
            learnt["height"] = .number(Double(height))
        }
        let update = learnt
        // The record may have changed or gone meanwhile: only the same
        // attachment, still there and still without a size, is completed.
        _ = try? await store.write(base: place.base, table: place.table) { transaction throws(AirtableFailure) in
            guard let record = transaction.record(place.record),
                let cell = record.cells[place.field]?.arrayValue,
                let index = cell.firstIndex(where: { $0["id"]?.stringValue == place.attachment && $0["size"] == nil }),
                case .object(var members) = cell[index]
            else { return }
            members.merge(update) { _, new in new }
            var cells = record.cells
            var attachments = cell
            attachments[index] = .object(members)
            cells[place.field] = .array(attachments)
            transaction.replaceCells(of: place.record, with: cells)
        }
    }
}
