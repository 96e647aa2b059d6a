/// The image formats the SDK recognises by their first bytes.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    /// JPEG (`FF D8 FF`).
    case jpeg
    /// PNG (`89 50 4E 47 0D 0A 1A 0A`).
    case png
    /// GIF (`GIF87a` or `GIF89a`).
    case gif
    /// WebP (`RIFF` … `WEBP`).
    case webp

    /// The MIME type, such as `image/jpeg`.
    public var mimeType: String {
        "image/\(rawValue)"
    }
}
