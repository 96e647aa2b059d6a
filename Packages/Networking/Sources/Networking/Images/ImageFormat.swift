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

    /// The format whose signature `bytes` start with, or `nil` when they
    /// start like none of them.
    public init?(signatureOf bytes: [UInt8]) {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
            self = .gif
        } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)),
            Array(bytes[8..<12]) == Array("WEBP".utf8)
        {
            self = .webp
        } else {
            return nil
        }
    }

    /// The MIME type, such as `image/jpeg`.
    public var mimeType: String {
        "image/\(rawValue)"
    }
}
