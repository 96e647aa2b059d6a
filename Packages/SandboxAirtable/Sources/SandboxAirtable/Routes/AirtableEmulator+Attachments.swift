import Foundation
import Networking
import SandboxCore

extension AirtableEmulator {
    /// The largest file `uploadAttachment` takes, as Airtable documents.
    static let maxUploadBytes = 5 << 20

    /// `POST /v0/{base}/{record}/{field}/uploadAttachment` (the path
    /// Airtable serves on content.airtable.com) with `{"contentType",
    /// "filename", "file": base64}`: the file is kept, appended to the
    /// record's attachment field, and served back at its `url`. Answers
    /// `{"id", "createdTime", "fields": {fieldId: [attachments]}}`.
    func uploadAttachment(
        _ request: SandboxRequest, base baseID: String, record recordID: String, field fieldKey: String
    ) async throws(AirtableFailure) -> SandboxResponse {
        guard let base = await store.base(baseID),
            let table = base.tables.first(where: { $0.records[recordID] != nil })
        else { throw .notFound }
        guard let field = table.field(fieldKey) else { throw .unknownField(fieldKey) }
        guard field.type == .multipleAttachments else { throw .invalidValue(field: field.name) }
        let body = try Self.jsonBody(request)
        guard let encoded = body["file"]?.stringValue else { throw .missingFields("file") }
        guard let filename = body["filename"]?.stringValue, !filename.isEmpty, filename.utf8.count <= 255 else {
            throw .missingFields("filename")
        }
        let contentType = body["contentType"]?.stringValue ?? "application/octet-stream"
        // Python's base64.encodebytes wraps lines: newlines are ignored.
        guard let data = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters) else {
            throw .invalidRequest
        }
        guard data.count <= Self.maxUploadBytes else { throw .requestTooLarge }
        let id = AirtableID.make("att")
        do {
            guard try await store.storeFile(data, id: id) else { throw AirtableFailure.requestTooLarge }
        } catch let failure as AirtableFailure {
            throw failure
        } catch {
            throw .storageFailed
        }
        let host = request.headers["Host"] ?? "sandbox.local"
        let name = filename.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "file"
        let attachment: JSON = [
            "id": .string(id), "url": .string("http://\(host)/v0/attachments/\(id)/\(name)"),
            "filename": .string(filename), "size": .number(Double(data.count)), "type": .string(contentType),
        ]
        let answer = try await store.write(base: baseID, table: table.id) { transaction throws(AirtableFailure) in
            guard let record = transaction.record(recordID) else { throw .notFound }
            var cells = record.cells
            cells[field.id] = .array((cells[field.id]?.arrayValue ?? []) + [attachment])
            transaction.replaceCells(of: recordID, with: cells)
            return JSON.object([
                "id": .string(recordID), "createdTime": .string(record.createdTime),
                "fields": [field.id: cells[field.id] ?? .null],
            ])
        }
        return .json(200, answer)
    }

    /// `GET`/`HEAD /v0/attachments/{id}/{filename}`: an uploaded file, as
    /// its attachment's `url` names it (no token needed, as Airtable's
    /// attachment URLs), served as file hosts serve files: validators and
    /// byte ranges. An attachment's bytes never change under its id, so the
    /// id is its entity tag.
    func attachmentFile(id: String, for request: SandboxRequest) async -> SandboxResponse {
        guard let data = await store.file(id) else { return AirtableFailure.notFound.response }
        return .file(data, for: request, contentType: "application/octet-stream", etag: "\"\(id)\"")
    }
}
