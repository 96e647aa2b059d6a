import Foundation

/// A `multipart/form-data` body (RFC 7578): text fields and files, as an
/// HTML form with `enctype="multipart/form-data"` sends them.
///
/// Files are read as the form is sent, never whole in memory, so a form
/// with a 1 GiB video costs a buffer, not a gigabyte.
///
/// ```swift
/// var form = MultipartForm()
/// form.append("Sunny afternoon", name: "title")
/// try form.append(fileAt: photoURL, name: "photo")  // image/jpeg, from .jpg
/// let request = NetworkRequest<Data>.post("services/upload/").multipart(form)
/// ```
///
/// Field names and filenames are escaped as the HTML standard escapes them:
/// `"` as `%22`, CR as `%0D` and LF as `%0A`, with other characters sent
/// as UTF-8. The boundary is 128 random bits, chosen again if it occurs in
/// a text or in-memory part; file contents are not scanned, and a file
/// that contains a random 128-bit boundary by chance is not a practical
/// concern.
public struct MultipartForm: Sendable, Hashable {
    /// What one part holds.
    public enum Content: Sendable, Hashable {
        /// A text field's value, sent as UTF-8.
        case text(String)
        /// Bytes in memory.
        case data(Data)
        /// A file, read as the form is sent, with its length when appended.
        case file(URL, length: Int)

        var length: Int {
            switch self {
            case .text(let text): text.utf8.count
            case .data(let data): data.count
            case .file(_, let length): length
            }
        }
    }

    /// One field of the form.
    public struct Part: Sendable, Hashable {
        /// The field name.
        public var name: String
        /// The filename sent with a file part.
        public var filename: String?
        /// The part's `Content-Type`; `nil` sends none (a text field).
        public var contentType: String?
        /// The part's bytes.
        public var content: Content

        /// Creates a part.
        public init(name: String, filename: String? = nil, contentType: String? = nil, content: Content) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.content = content
        }
    }

    /// The fields, in the order they are sent.
    public private(set) var parts: [Part] = []
    /// The boundary between parts.
    public private(set) var boundary: String

    /// An empty form with a random boundary.
    public init() {
        boundary = Self.makeBoundary()
    }

    /// Appends a text field.
    public mutating func append(_ value: String, name: String) {
        append(Part(name: name, content: .text(value)))
    }

    /// Appends a file part from bytes in memory.
    ///
    /// - Parameters:
    ///   - data: The bytes of the file.
    ///   - name: The field name.
    ///   - filename: The filename sent with the part.
    ///   - contentType: Defaults to the type of the extension of the
    ///     filename, or `application/octet-stream`.
    public mutating func append(_ data: Data, name: String, filename: String, contentType: String? = nil) {
        append(
            Part(
                name: name, filename: filename, contentType: contentType ?? ContentType.forFilename(filename),
                content: .data(data)))
    }

    /// Appends a file part read from disk as the form is sent.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - name: The field name.
    ///   - filename: Defaults to the file's own name.
    ///   - contentType: Defaults to the type of the filename's extension,
    ///     or `application/octet-stream`.
    /// - Throws: ``NetworkError/fileFailed(_:)`` when `url` is not a
    ///   regular file that can be read.
    public mutating func append(
        fileAt url: URL, name: String, filename: String? = nil, contentType: String? = nil
    ) throws(NetworkError) {
        let length = try FileFailure.size(ofFileAt: url)
        let filename = filename ?? url.lastPathComponent
        append(
            Part(
                name: name, filename: filename, contentType: contentType ?? ContentType.forFilename(filename),
                content: .file(url, length: length)))
    }

    /// Appends a part as it is.
    public mutating func append(_ part: Part) {
        parts.append(part)
        if Self.contains(boundary, in: part) {
            chooseNewBoundary()
        }
    }

    /// `multipart/form-data; boundary=…`, the request's `Content-Type`.
    public var contentType: String {
        "multipart/form-data; boundary=\(boundary)"
    }

    /// The form as a body, read as it is sent.
    public var body: TransferBody {
        TransferBody(source: .multipart(self), length: length, contentType: contentType)
    }

    /// The number of bytes of the encoded form.
    public var length: Int {
        let boundaryLine = boundary.utf8.count + 4  // "--" boundary CRLF
        return parts.reduce(boundary.utf8.count + 6) { total, part in  // "--" boundary "--" CRLF
            total + boundaryLine + header(of: part).count + part.content.length + 2
        }
    }

    /// The encoded form as bytes and files, in order.
    func encodedSources() -> [TransferBody.Source] {
        var sources: [TransferBody.Source] = []
        for part in parts {
            var head = Data("--\(boundary)\r\n".utf8)
            head.append(header(of: part))
            switch part.content {
            case .text(let text):
                head.append(Data(text.utf8))
                head.append(Data("\r\n".utf8))
                sources.append(.bytes(head))
            case .data(let data):
                sources.append(.bytes(head))
                sources.append(.bytes(data))
                sources.append(.bytes(Data("\r\n".utf8)))
            case .file(let url, let length):
                sources.append(.bytes(head))
                sources.append(.file(url, length: length))
                sources.append(.bytes(Data("\r\n".utf8)))
            }
        }
        sources.append(.bytes(Data("--\(boundary)--\r\n".utf8)))
        return sources
    }

    /// A part's header lines and the blank line after them.
    private func header(of part: Part) -> Data {
        var text = "Content-Disposition: form-data; name=\"\(Self.escaped(part.name))\""
        if let filename = part.filename {
            text += "; filename=\"\(Self.escaped(filename))\""
        }
        if let contentType = part.contentType {
            let unbroken = String(
                String.UnicodeScalarView(contentType.unicodeScalars.filter { $0 != "\r" && $0 != "\n" }))
            text += "\r\nContent-Type: \(unbroken)"
        }
        return Data((text + "\r\n\r\n").utf8)
    }

    /// A name or filename as the HTML standard writes it in a
    /// `Content-Disposition` header.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "%22"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private mutating func chooseNewBoundary() {
        repeat {
            boundary = Self.makeBoundary()
        } while parts.contains { Self.contains(boundary, in: $0) }
    }

    private static func contains(_ boundary: String, in part: Part) -> Bool {
        let delimiter = Data("--\(boundary)".utf8)
        let fields = Data("\(part.name)\(part.filename ?? "")\(part.contentType ?? "")".utf8)
        if fields.range(of: delimiter) != nil { return true }
        switch part.content {
        case .text(let text): return Data(text.utf8).range(of: delimiter) != nil
        case .data(let data): return data.range(of: delimiter) != nil
        case .file: return false
        }
    }

    private static func makeBoundary() -> String {
        var generator = SystemRandomNumberGenerator()
        let bits = (0..<4).map { _ in String(generator.next() as UInt32, radix: 16) }
        return "networking-" + bits.map { String(repeating: "0", count: 8 - $0.count) + $0 }.joined()
    }
}
