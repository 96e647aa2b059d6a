import Foundation
import Networking
import SandboxCore

/// What Airtable tells of a file once it has it: its MIME type and, for an
/// image, its size in pixels, read from its header by the SDK's own
/// ``RemoteImage`` check (PNG, GIF, JPEG and WebP; bounded, and fuzzed).
struct AttachmentMetadata: Equatable, Sendable {
    /// The MIME type: the one the file was served with, else the image
    /// format its first bytes show, else `application/octet-stream`.
    var type: String
    /// The image's width and height in pixels, for images whose header
    /// says them.
    var width: Int?
    var height: Int?
}

extension AttachmentMetadata {
    /// What `data`, served as `contentType`, tells.
    init(data: Data, contentType: String?) {
        let image = try? RemoteImage(data: data)
        let declared = contentType?.split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        if let declared, !declared.isEmpty, declared != "application/octet-stream" {
            type = declared
        } else {
            type = image?.format.mimeType ?? "application/octet-stream"
        }
        width = image?.width
        height = image?.height
    }
}
