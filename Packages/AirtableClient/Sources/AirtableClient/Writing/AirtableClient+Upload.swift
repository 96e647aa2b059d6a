import Foundation
import Models
import Networking

extension AirtableClient {
    /// Airtable's limit on one uploaded file: 5 MB.
    public static let maxUploadSize = 5 << 20

    /// Uploads bytes to a record's attachment field
    /// (`POST /v0/{base}/{record}/{field}/uploadAttachment`, base64 in JSON,
    /// at most ``maxUploadSize`` on Airtable) and returns the new
    /// attachment: its `id`, `url`, `filename`, `size` and `type`.
    ///
    /// Airtable serves this route on `content.airtable.com`: pass that as
    /// `contentURL`; it defaults to the client's endpoint (the Sandbox
    /// serves both). A file over the limit is refused by Airtable with a
    /// `413` (`NetworkError.httpStatus`); the client does not send one.
    ///
    /// - Throws: ``/Networking/NetworkError/fileFailed(_:)`` for bytes over
    ///   ``maxUploadSize``, before anything is sent; the request's errors
    ///   otherwise.
    public func uploadAttachment(
        _ data: Data, filename: String, contentType: String, toRecord recordID: String, field: String,
        contentURL: URL? = nil
    ) async throws(NetworkError) -> AirtableAttachment {
        guard data.count <= Self.maxUploadSize else {
            throw .fileFailed(
                FileFailure(
                    operation: .reading, path: filename,
                    reason: "it is \(data.count) bytes, over Airtable's upload limit of \(Self.maxUploadSize)"))
        }
        var request = try apiRequest(
            .post, [configuration.baseID, recordID, field, "uploadAttachment"], as: Uploaded.self
        )
        .jsonBody(Upload(contentType: contentType, file: data.base64EncodedString(), filename: filename))
        if let contentURL {
            // Another origin gets none of the client's default headers: the
            // token goes to Airtable's content host only because it is asked.
            request.absoluteURL = contentURL
            request.headers["Authorization"] = "Bearer \(configuration.token)"
        }
        let uploaded = try await http.send(request)
        // The field's attachments after the upload: the new one is last.
        guard let attachment = uploaded.fields.values.first?.last else {
            throw .decodingFailed(
                DecodingFailure(
                    typeName: "AirtableAttachment", codingPath: "fields", reason: "the answer lists no attachment",
                    bodyExcerpt: ""))
        }
        return attachment
    }

    /// Uploads a file to a record's attachment field; see
    /// ``uploadAttachment(_:filename:contentType:toRecord:field:contentURL:)``.
    ///
    /// - Parameters:
    ///   - url: The file, at most ``maxUploadSize`` bytes.
    ///   - contentType: Defaults to the type of the file's extension.
    ///   - recordID: The record whose field gets the file.
    ///   - field: The attachment field's name or id.
    ///   - contentURL: Airtable's content host; see the bytes variant.
    /// - Throws: ``/Networking/NetworkError/fileFailed(_:)`` when the file
    ///   cannot be read or is over ``maxUploadSize``, before anything is sent.
    public func uploadAttachment(
        fileAt url: URL, contentType: String? = nil, toRecord recordID: String, field: String,
        contentURL: URL? = nil
    ) async throws(NetworkError) -> AirtableAttachment {
        let body = try TransferBody(fileAt: url)
        guard let length = body.length, length <= Self.maxUploadSize else {
            throw .fileFailed(
                FileFailure(
                    operation: .reading, path: url.path,
                    reason: "it is \(body.length ?? 0) bytes, over Airtable's upload limit of \(Self.maxUploadSize)"))
        }
        let data = try await body.collect(upTo: Self.maxUploadSize)
        return try await uploadAttachment(
            data, filename: url.lastPathComponent,
            contentType: contentType ?? ContentType.forFilename(url.lastPathComponent), toRecord: recordID,
            field: field, contentURL: contentURL)
    }

    private struct Upload: Encodable, Sendable {
        var contentType: String
        var file: String
        var filename: String
    }

    private struct Uploaded: Decodable {
        var fields: [String: [AirtableAttachment]]
    }
}
