import AirtableClient
import Foundation
import Models

@testable import Networking

extension FuzzTarget {
    /// Server-sent events, split into chunks where the input says.
    static let serverSentEvents = FuzzTarget(name: "sse") { data in
        var parser = ServerEventParser(maxEventSize: 4096)
        let bytes = [UInt8](data)
        let step = max(1, Int(bytes.first ?? 1))
        var index = 0
        while index < bytes.count {
            guard (try? parser.consume(bytes[index..<min(index + step, bytes.count)])) != nil else { return }
            index += step
        }
    }

    /// A `206`'s `Content-Range`, as a resumed download reads it: what it
    /// accepts is a well-formed range.
    static let contentRange = FuzzTarget(name: "content-range") { data in
        guard let range = ContentRange(String(decoding: data, as: UTF8.self)) else { return }
        precondition(range.first <= range.last && range.total.map { range.last < $0 } ?? true)
    }

    /// A server's certificate, as a public-key pin reads it (DER), and PEM
    /// text as `ServerTrust.Certificate.pem` reads it: what it finds is a
    /// SEQUENCE inside the bytes.
    static let certificates = FuzzTarget(name: "certificates") { data in
        let bytes = [UInt8](data)
        if let key = DERCertificate(bytes).subjectPublicKeyInfo {
            precondition(key.first == 0x30 && key.count <= bytes.count, "a key outside the certificate")
            precondition((try? ServerTrust.Certificate(der: bytes)) != nil)
        }
        _ = try? ServerTrust.Certificate.pem(String(decoding: data, as: UTF8.self))
    }

    /// `Retry-After` values and HTTP dates, and the retry decision on them.
    static let retryAfter = FuzzTarget(name: "retry-after") { data in
        let text = String(decoding: data, as: UTF8.self)
        let delay = RetryAfter.parse(text, now: Date(timeIntervalSince1970: 1_700_000_000))
        if delay != nil {
            let value = text.trimmingCharacters(in: .whitespaces)
            let digits = value.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            precondition(digits || HTTPDate.date(from: value) != nil, "only 1*DIGIT or an HTTP date is a delay")
        }
        let failure = HTTPFailure(status: 503, method: .get, url: "https://x.test/", retryAfter: delay)
        _ = RetryPolicy.default.delay(after: .httpStatus(failure), attempt: 1, elapsed: .zero, isIdempotent: true)
        _ = NetworkError.httpStatus(failure).description
    }

    /// Bankey's trailing-comma repair, and decoding what it gives.
    static let trailingCommas = FuzzTarget(name: "trailing-commas") { data in
        guard let cleaned = TrailingCommas.removed(from: data) else { return }
        _ = try? JSONSerialization.jsonObject(with: cleaned, options: [.fragmentsAllowed])
    }

    /// Building URLs from hostile paths, extensions and query items, and
    /// redacting them: lines are base URL, path, extension, then name=value
    /// query items.
    static let urlBuilding = FuzzTarget(name: "url-building") { data in
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let base = URL(string: lines.first.map(String.init) ?? "") ?? URL(string: "https://x.test/")!
        var request = NetworkRequest<Data>.get(lines.count > 1 ? String(lines[1]) : "")
            .pathExtension(lines.count > 2 ? String(lines[2]) : nil)
        for line in lines.dropFirst(3) {
            let parts = line.split(separator: "=", maxSplits: 1)
            request = request.query(String(parts.first ?? ""), parts.count > 1 ? String(parts[1]) : nil)
        }
        let client = NetworkClient(baseURL: base)
        if let built = try? client.makeTransportRequest(request) {
            _ = built.description
            _ = built.cURLDescription(redactor: client.redactor)
            _ = Redirect.request(
                after: 307, headers: ["Location": lines.last.map(String.init) ?? ""], from: built,
                redactor: client.redactor)
        }
        _ = client.redactor.redact(text: String(decoding: data, as: UTF8.self))
    }

    /// Every lesson's models decoded from arbitrary bytes, with their own
    /// decoders.
    static let models = FuzzTarget(name: "models") { data in
        _ = try? JSONDecoder.postFeed.decode(PostFeed.self, from: data)
        _ = try? JSONDecoder.postFeed.decode([String: Post].self, from: data)
        _ = try? JSONDecoder.messageBoard.decode(MessageBoard.self, from: data)
        _ = try? JSONDecoder.bankey.decode(Profile.self, from: data)
        _ = try? JSONDecoder.bankey.decode([Account].self, from: data)
        _ = try? JSONDecoder.airtable.decode(AirtableRecordPage<Project>.self, from: data)
        _ = try? JSONDecoder.soogreyhounds.decode(PhotosResponse.self, from: data)
        _ = try? JSONDecoder().decode(LossyArray<Int>.self, from: data)
        _ = try? JSONDecoder().decode(LossyDictionary<String, Int>.self, from: data)
    }

    /// What the SDK reads from error responses and raw bodies: server
    /// messages (JSON, HTML or text; Airtable's own shapes), ISO 8601 dates,
    /// image headers.
    static let errorBodies = FuzzTarget(name: "error-bodies") { data in
        _ = ServerMessage.parse(data)
        _ = NetworkError.httpStatus(HTTPFailure(status: 422, method: .get, url: "", body: data)).airtableError
        _ = ISO8601.date(from: String(decoding: data, as: UTF8.self))
        _ = try? RemoteImage(data: data)
        _ =
            DecodingFailure(
                DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "fuzz")), decoding: Int.self,
                body: data
            ).description
    }

    /// The redactor on any text: JSON, queries, forms, credentials, URLs;
    /// what it returns must still hold every byte that is not a secret's
    /// value, so it is never longer than twice the input.
    static let redaction = FuzzTarget(name: "redaction") { data in
        let text = String(decoding: data, as: UTF8.self)
        let redactor = Redactor()
        let redacted = redactor.redact(text: text)
        precondition(redacted.utf8.count <= 2 * text.utf8.count + 16, "redaction grew the text without bound")
        _ = redactor.isSecret(name: text)
        _ = redactor.redact(HeaderFields([(text, text)]))
    }
}
