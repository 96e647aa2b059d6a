import Foundation
import Networking
import SandboxCore

extension SooGreyhoundsEmulator {
    /// `GET`/`HEAD /images/<file>`: the JPEG with `Content-Type`,
    /// `Content-Length`, `ETag` and `Last-Modified`; 304 when
    /// `If-None-Match` matches (or, without it, when `If-Modified-Since` is
    /// not older than the image). Only the catalogue's file names exist, so
    /// no spelling of `..` reaches the file system.
    func image(_ request: SandboxRequest, file: String) -> SandboxResponse {
        guard let photo = photo(file: file) else {
            return .text(404, "Not Found")
        }
        let validators: HeaderFields = [
            "ETag": photo.etag, "Last-Modified": HTTPDate.string(from: photo.lastModified),
            // Clients may keep the image but must ask again, so their ETag and 304 handling is exercised.
            "Cache-Control": "no-cache",
        ]
        if Self.isNotModified(request, photo) {
            return SandboxResponse(status: 304, headers: validators)
        }
        var headers = validators
        headers["Content-Type"] = "image/jpeg"
        headers["Content-Length"] = String(photo.image.count)
        return SandboxResponse(
            status: 200, headers: headers, body: .data(request.httpMethod == .head ? Data() : photo.image))
    }

    private static func isNotModified(_ request: SandboxRequest, _ photo: SooGreyhoundsPhoto) -> Bool {
        if let tags = request.headers["If-None-Match"] {
            let weak = { (tag: Substring) -> Substring in tag.hasPrefix("W/") ? tag.dropFirst(2) : tag }
            return tags.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.contains { tag in
                tag == "*" || weak(Substring(tag)) == Substring(photo.etag)
            }
        }
        if let since = request.headers["If-Modified-Since"].flatMap(HTTPDate.date(from:)) {
            return photo.lastModified <= since
        }
        return false
    }
}
