import Foundation
import Networking
import SandboxCore

extension SooGreyhoundsEmulator {
    /// `GET`/`HEAD /images/<file>`: the JPEG as file hosts serve it
    /// (``/SandboxCore/SandboxResponse/file(_:for:contentType:etag:lastModified:headers:)``:
    /// validators, `304`, byte ranges). Only the catalogue's and the
    /// uploads' file names exist, so no spelling of `..` reaches the file
    /// system.
    func image(_ request: SandboxRequest, file: String) -> SandboxResponse {
        guard let photo = photo(file: file) else {
            return .text(404, "Not Found")
        }
        // Clients may keep the image but must ask again, so their ETag and
        // 304 handling is exercised.
        return .file(
            photo.image, for: request, contentType: "image/jpeg", etag: photo.etag,
            lastModified: photo.lastModified, headers: ["Cache-Control": "no-cache"])
    }
}
