import Foundation
import Networking
import SandboxCore

extension SooGreyhoundsEmulator {
    /// `POST /services/upload/`: Flickr's upload API.
    ///
    /// A `multipart/form-data` body with `photo` (the file) and, optionally,
    /// `title`, `description`, `tags` (space-separated) and the visibility
    /// flags `is_public`, `is_friend` and `is_family` (`0` or `1`). Success
    /// is `<rsp stat="ok"><photoid>…</photoid></rsp>`; failures are
    /// Flickr's upload errors in its REST XML, with HTTP 200: 2 no photo,
    /// 3 a body that is not a form, 4 a zero-length file, 5 a file that is
    /// not a JPEG, PNG or GIF, 8 a file over the size limit, 100 a wrong key.
    ///
    /// Flickr signs uploads with OAuth 1.0a; the emulator takes the
    /// lesson's `api_key` instead, as a form field or in the query. A photo
    /// with `is_public=0` is kept but, as on Flickr, not listed or found by
    /// the public methods.
    func upload(_ request: SandboxRequest) -> SandboxResponse {
        let rest = FlickrFormat.rest
        let form: MultipartFormData
        do {
            form = try MultipartFormData(body: request.body, contentType: request.headers["Content-Type"])
        } catch {
            let key = request.query("api_key")
            guard let key, configuration.apiKeys.contains(key) else {
                return rest.failure(code: 100, message: "Invalid API Key (Key has invalid format)")
            }
            return rest.failure(code: 3, message: "General upload failure: \(error.description)")
        }
        guard let key = form.part("api_key")?.text ?? request.query("api_key"), configuration.apiKeys.contains(key)
        else {
            return rest.failure(code: 100, message: "Invalid API Key (Key has invalid format)")
        }
        guard let photo = form.part("photo") else {
            return rest.failure(code: 2, message: "No photo specified")
        }
        guard !photo.data.isEmpty else {
            return rest.failure(code: 4, message: "Filesize was zero")
        }
        guard photo.data.count <= configuration.maxPhotoSize else {
            return rest.failure(code: 8, message: "Filesize was too large")
        }
        guard let format = ImageFormat(signatureOf: Array(photo.data.prefix(12))), format != .webp else {
            return rest.failure(code: 5, message: "Filetype was not recognised")
        }
        let title = form.part("title")?.text ?? Self.title(fromFilename: photo.filename)
        let tags = (form.part("tags")?.text ?? "").split(whereSeparator: { $0 == " " }).map(String.init)
        let added = uploads.add(
            image: photo.data, format: format, title: title, description: form.part("description")?.text ?? "",
            tags: tags, isPublic: form.part("is_public")?.text != "0")
        return rest.success("photoid", .string(added.id))
    }

    /// Flickr's title for a photo uploaded without one: its filename
    /// without the extension.
    private static func title(fromFilename filename: String?) -> String {
        guard let filename, !filename.isEmpty else { return "" }
        guard let dot = filename.lastIndex(of: "."), dot != filename.startIndex else { return filename }
        return String(filename[..<dot])
    }

    /// The answer to an upload over the body limit: Flickr's code 8, with
    /// a 413 since the body was not read.
    func uploadTooLarge() -> SandboxResponse {
        var response = FlickrFormat.rest.failure(code: 8, message: "Filesize was too large")
        response.status = 413
        response.headers["Connection"] = "close"
        return response
    }
}
