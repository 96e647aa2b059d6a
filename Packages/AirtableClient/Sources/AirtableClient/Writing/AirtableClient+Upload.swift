import Foundation
import Networking

extension AirtableClient {
    /// Uploads a file to a record's attachment field
    /// (`POST /v0/{base}/{record}/{field}/uploadAttachment`, base64 in JSON,
    /// at most 5 MB on Airtable) and returns the field's attachments after
    /// it, as JSON (`id`, `url`, `filename`, `size`, `type`).
    ///
    /// Airtable serves this route on `content.airtable.com`: pass that as
    /// `contentURL`; it defaults to the client's endpoint (the Sandbox
    /// serves both).
    public func uploadAttachment(
        _ data: Data, filename: String, contentType: String, toRecord recordID: String, field: String,
        contentURL: URL? = nil
    ) async throws(NetworkError) -> [JSON] {
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
        return uploaded.fields.values.first ?? []
    }

    private struct Upload: Encodable, Sendable {
        var contentType: String
        var file: String
        var filename: String
    }

    private struct Uploaded: Decodable {
        var fields: [String: [JSON]]
    }
}
