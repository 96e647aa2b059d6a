import Foundation
import Models
import Networking

extension SooGreyhoundsClient {
    /// Uploads a photo with Flickr's upload API and returns its new id.
    ///
    /// The file is sent as the `photo` part of a `multipart/form-data`
    /// `POST` to ``SooGreyhoundsAPI/uploadEndpoint``, read from disk as it
    /// is sent, never whole in memory. Once uploaded, a public photo is
    /// listed first by ``fetchLatestPhotos(page:perPage:)``.
    ///
    /// ```swift
    /// let id = try await client.uploadPhoto(
    ///     fileAt: URL(fileURLWithPath: "greyhound.jpg"), PhotoUpload(title: "Goal!", tags: ["goal"])
    /// ) { progress in print(progress) }
    /// ```
    ///
    /// Flickr signs uploads with OAuth 1.0a; this sends the API key as the
    /// `api_key` field, which is what the SooGreyhounds service (and the
    /// Sandbox) take. Uploads are not retried.
    ///
    /// - Throws: `NetworkError.fileFailed` when the file cannot be read;
    ///   the API's failures as ``Networking/NetworkError/sooGreyhoundsError``
    ///   says (2 no photo, 4 an empty file, 5 not an image, 8 too large,
    ///   100 a wrong key, which is `unauthenticated`).
    public func uploadPhoto(
        fileAt file: URL, _ details: PhotoUpload = PhotoUpload(),
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws(NetworkError) -> String {
        var form = MultipartForm()
        form.append(configuration.apiKey, name: "api_key")
        if let title = details.title { form.append(title, name: "title") }
        if let description = details.description { form.append(description, name: "description") }
        if !details.tags.isEmpty { form.append(details.tags.joined(separator: " "), name: "tags") }
        form.append(details.isPublic ? "1" : "0", name: "is_public")
        form.append(details.isFriend ? "1" : "0", name: "is_friend")
        form.append(details.isFamily ? "1" : "0", name: "is_family")
        try form.append(fileAt: file, name: "photo")
        let url = http.redactor.redact(configuration.uploadEndpoint)
        var request = NetworkRequest<String>.post("").multipart(form)
            .decoding { response, _ in
                if let message = FlickrXML.failure(in: response.body) {
                    throw FlickrBody.failure(message, response: response, method: .post, url: url)
                }
                guard let id = FlickrXML.text(of: "photoid", in: response.body), !id.isEmpty else {
                    throw NetworkError.decodingFailed(
                        DecodingFailure(
                            typeName: "String", codingPath: "rsp.photoid", reason: "the answer has no <photoid>",
                            bodyExcerpt: String(decoding: response.body.prefix(200), as: UTF8.self)))
                }
                return id
            }
        request.absoluteURL = configuration.uploadEndpoint
        if let progress {
            request = request.uploadProgress(progress)
        }
        return try await http.send(request)
    }
}
