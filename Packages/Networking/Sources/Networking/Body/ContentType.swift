/// The media types of common file extensions, for file parts and uploads
/// that do not name one.
public enum ContentType {
    /// The type of `filename`'s extension (`image/jpeg` for `photo.JPG`),
    /// or `application/octet-stream`.
    public static func forFilename(_ filename: String) -> String {
        guard let dot = filename.lastIndex(of: ".") else { return octetStream }
        return byExtension[filename[filename.index(after: dot)...].lowercased()] ?? octetStream
    }

    /// `application/octet-stream`, for bytes of no known type.
    public static let octetStream = "application/octet-stream"

    private static let byExtension: [String: String] = [
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif",
        "webp": "image/webp", "heic": "image/heic", "svg": "image/svg+xml", "pdf": "application/pdf",
        "txt": "text/plain", "csv": "text/csv", "html": "text/html", "json": "application/json",
        "xml": "application/xml", "zip": "application/zip", "mp4": "video/mp4", "mov": "video/quicktime",
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "wav": "audio/wav",
    ]
}
