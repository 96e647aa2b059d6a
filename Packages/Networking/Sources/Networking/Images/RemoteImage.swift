import Foundation

/// Downloaded image bytes, checked to be a real image: the format from the
/// signature and the pixel size from the header.
///
/// This is SooGreyhounds' `UIImage(data:)` check without UIKit, so it runs on
/// Linux too; a body that is not an image fails with
/// ``NetworkError/notAnImage(_:)``, the lesson's `imageCreationError`.
///
/// ```swift
/// let image = try await client.send(NetworkRequest<RemoteImage>.image(photo.remoteURL.path))
/// print(image.format, image.width, image.height)  // jpeg 1600 1067
/// ```
public struct RemoteImage: Sendable, Hashable {
    /// The image bytes, exactly as downloaded.
    public var data: Data
    /// The format named by the signature.
    public var format: ImageFormat
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int

    /// Reads the format and size from `data`.
    ///
    /// - Throws: ``NetworkError/notAnImage(_:)`` with what the bytes look like.
    public init(data: Data) throws(NetworkError) {
        let bytes = [UInt8](data.prefix(256 * 1024))
        guard !bytes.isEmpty else { throw .notAnImage("the body is empty") }
        let format = try Self.format(of: bytes)
        guard let size = Self.size(of: bytes, format: format), size.width > 0, size.height > 0 else {
            throw .notAnImage("the \(format.rawValue.uppercased()) header has no readable pixel size")
        }
        self.data = data
        self.format = format
        self.width = size.width
        self.height = size.height
    }

    private static func format(of bytes: [UInt8]) throws(NetworkError) -> ImageFormat {
        if let format = ImageFormat(signatureOf: Array(bytes.prefix(12))) { return format }
        let text = String(decoding: bytes.prefix(32), as: UTF8.self)
        if text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isWhitespace || $0.value >= 0x20) }) {
            let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
            throw .notAnImage("the bytes are text starting \"\(line.prefix(24))\"")
        }
        let hex = bytes.prefix(8).map { String(format: "%02X", $0) }.joined(separator: " ")
        throw .notAnImage("unknown signature \(hex)")
    }

    private static func size(of bytes: [UInt8], format: ImageFormat) -> (width: Int, height: Int)? {
        switch format {
        case .png:
            guard bytes.count >= 24 else { return nil }
            return (bigEndian(bytes, 16, 4), bigEndian(bytes, 20, 4))
        case .gif:
            guard bytes.count >= 10 else { return nil }
            return (Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
        case .jpeg:
            return jpegSize(bytes)
        case .webp:
            return webpSize(bytes)
        }
    }

    /// Walks the JPEG segments to the first start-of-frame marker.
    private static func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF {
                index += 1
                continue
            }
            let length = bigEndian(bytes, index + 2, 2)
            let isStartOfFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isStartOfFrame {
                return (bigEndian(bytes, index + 7, 2), bigEndian(bytes, index + 5, 2))
            }
            guard length >= 2 else { return nil }
            index += 2 + length
        }
        return nil
    }

    private static func webpSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 30 else { return nil }
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8 ":
            guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { return nil }
            return (littleEndian(bytes, 26, 2) & 0x3FFF, littleEndian(bytes, 28, 2) & 0x3FFF)
        case "VP8L":
            guard bytes[20] == 0x2F else { return nil }
            let bits = littleEndian(bytes, 21, 4)
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            return (littleEndian(bytes, 24, 3) + 1, littleEndian(bytes, 27, 3) + 1)
        default:
            return nil
        }
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<offset + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}

extension NetworkRequest where Value == RemoteImage {
    /// A `GET` whose body must be an image; anything else fails with
    /// ``NetworkError/notAnImage(_:)``.
    public static func image(_ path: String) -> Self {
        NetworkRequest(method: .get, path: path) { response, _ in
            try RemoteImage(data: response.body)
        }
    }

    /// A `GET` of an absolute image URL, such as a photo's `url_h`.
    public static func image(_ url: URL) -> Self {
        var request = image("")
        request.absoluteURL = url
        return request
    }
}
