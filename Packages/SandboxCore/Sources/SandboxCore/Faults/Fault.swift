import Foundation
import Networking

/// A scripted failure: the next `count` requests whose path matches answer
/// this way instead of reaching the emulator.
///
/// ```swift
/// try sandbox.faults.inject(Fault(path: "/posts/*", count: 1, status: 503, headers: ["Retry-After": "1"]))
/// try sandbox.faults.inject(Fault(path: "/v0/*", count: 2, action: .dropConnection))
/// try sandbox.faults.inject(Fault(path: "/images/*", body: .cut(after: 20_000)))
/// ```
///
/// It reads and writes itself as the admin route `POST /__sandbox/faults`
/// takes it: `{"path":"/posts/*","method":"GET","count":2,"status":503,
/// "headers":{"Retry-After":"1"},"body":"…"}`; instead of a status,
/// `"drop":true`, or one of the body faults (``BodyFault``):
/// `"cutAfter":20000`, `"bytesPerSecond":100000`, `"stallAfter":20000`. Every fault is bounded (``maxPatternLength``,
/// ``maxBodySize``, ``maxHeaders``, ``maxCount``), checked when it is read
/// and again when it is injected.
public struct Fault: Sendable {
    /// What a faulted request gets.
    public enum Action: Sendable {
        /// A response with this status, headers and body.
        case respond(status: Int, headers: HeaderFields, body: Data)
        /// The connection closes without a response.
        case dropConnection
        /// The emulator answers, and its body arrives as the fault says.
        case body(BodyFault)
    }

    /// The longest path pattern, in bytes.
    public static let maxPatternLength = 1024
    /// The largest body a fault answers with: 1 MiB, room for an image.
    public static let maxBodySize = 1 << 20
    /// The most header fields a fault answers with.
    public static let maxHeaders = 64
    /// The most requests one fault applies to.
    public static let maxCount = 1_000_000

    /// Which paths it applies to; `*` matches any run of characters,
    /// slashes included. The query is not part of the match.
    public var path: String {
        didSet { pattern = FaultPattern(path) }
    }
    /// The method it applies to, or `nil` for every method.
    public var method: String?
    /// How many requests it applies to before it is used up.
    public var count: Int
    /// What those requests get.
    public var action: Action
    /// ``path``, compiled once.
    private(set) var pattern: FaultPattern

    /// Creates a fault with any action.
    public init(path: String, method: String? = nil, count: Int = 1, action: Action) {
        self.path = path
        self.method = method
        self.count = count
        self.action = action
        pattern = FaultPattern(path)
    }

    /// Creates a fault that answers a status.
    public init(
        path: String,
        method: String? = nil,
        count: Int = 1,
        status: Int,
        headers: HeaderFields = [:],
        body: Data = Data()
    ) {
        self.init(
            path: path, method: method, count: count, action: .respond(status: status, headers: headers, body: body))
    }

    /// Creates a fault inside the bodies of the emulator's answers.
    public init(path: String, method: String? = nil, count: Int = 1, body: BodyFault) {
        self.init(path: path, method: method, count: count, action: .body(body))
    }

    func matches(_ request: SandboxRequest) -> Bool {
        (method.map { $0.caseInsensitiveCompare(request.method) == .orderedSame } ?? true)
            && pattern.matches(request.path)
    }

    /// Checks every bound; the error says which one and what is allowed.
    public func validate() throws(FaultError) {
        guard !path.isEmpty, path.utf8.count <= Self.maxPatternLength else {
            throw FaultError("Expected \"path\" to be 1 to \(Self.maxPatternLength) bytes.")
        }
        guard (1...Self.maxCount).contains(count) else {
            throw FaultError("Expected \"count\" to be a whole number from 1 to \(Self.maxCount).")
        }
        if let method, method.isEmpty || method.utf8.count > 32 || !method.utf8.allSatisfy(Self.isTokenByte) {
            throw FaultError("Expected \"method\" to be a method name of 1 to 32 letters.")
        }
        if case .body(let fault) = action {
            try fault.validate()
        }
        guard case .respond(let status, let headers, let body) = action else { return }
        guard (100...599).contains(status) else {
            throw FaultError("Expected \"status\" to be a whole number from 100 to 599, or \"drop\": true.")
        }
        guard headers.count <= Self.maxHeaders else {
            throw FaultError("Expected at most \(Self.maxHeaders) \"headers\".")
        }
        // A name or value that could end the header line would let a fault
        // inject other headers or a second response.
        for field in headers
        where field.name.isEmpty || !Self.isHeaderSafe(field.name) || !Self.isHeaderSafe(field.value) {
            throw FaultError("Header names and values may not be empty or contain line breaks or NUL.")
        }
        guard body.count <= Self.maxBodySize else {
            throw FaultError("Expected \"body\" to be at most \(Self.maxBodySize) bytes.")
        }
    }

    private static func isHeaderSafe(_ text: String) -> Bool {
        !text.utf8.contains { $0 == 0x0A || $0 == 0x0D || $0 == 0x00 }
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F && !"()<>@,;:\\\"/[]?={}".utf8.contains(byte)
    }
}

/// Why a fault was refused: a bound it exceeds, or a field it lacks.
public struct FaultError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong and what is allowed.
    public var message: String

    /// Creates an error with its message.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

extension Fault: Codable {
    private enum CodingKeys: String, CodingKey {
        case path, method, count, status, headers, body, drop, cutAfter, bytesPerSecond, stallAfter
    }

    /// Reads a fault as the admin route takes it, every bound checked.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let path = try container.decode(String.self, forKey: .path)
        let method = try container.decodeIfPresent(String.self, forKey: .method)
        let countValue = try container.decodeIfPresent(Double.self, forKey: .count) ?? 1
        // Compared as a Double first: Int(1e300) would trap.
        guard countValue == countValue.rounded(), (1...Double(Self.maxCount)).contains(countValue) else {
            throw FaultError("Expected \"count\" to be a whole number from 1 to \(Self.maxCount).")
        }
        let count = Int(countValue)  // safe: a whole number from 1 to maxCount
        if try container.decodeIfPresent(Bool.self, forKey: .drop) == true {
            self.init(path: path, method: method, count: count, action: .dropConnection)
        } else if let bodyFault = try Self.bodyFault(in: container) {
            self.init(path: path, method: method, count: count, body: bodyFault)
        } else {
            guard let status = try container.decodeIfPresent(Double.self, forKey: .status),
                status == status.rounded(), (100...599).contains(status)
            else {
                throw FaultError("Expected \"status\" to be a whole number from 100 to 599, or \"drop\": true.")
            }
            let fields = try container.decodeIfPresent([String: JSON].self, forKey: .headers) ?? [:]
            guard fields.count <= Self.maxHeaders else {
                throw FaultError("Expected at most \(Self.maxHeaders) \"headers\".")
            }
            var headers = HeaderFields()
            for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
                headers[name] = value.stringValue ?? value.jsonText
            }
            let body = Data((try container.decodeIfPresent(String.self, forKey: .body) ?? "").utf8)
            let code = Int(status)  // safe: a whole number from 100 to 599
            self.init(path: path, method: method, count: count, status: code, headers: headers, body: body)
        }
        try validate()
    }

    /// The body fault the admin route's object names, if any.
    private static func bodyFault(in container: KeyedDecodingContainer<CodingKeys>) throws -> BodyFault? {
        let kinds: [(CodingKeys, (Int) -> BodyFault, ClosedRange<Int>)] = [
            (.cutAfter, BodyFault.cut(after:), 0...BodyFault.maxByteCount),
            (.bytesPerSecond, BodyFault.throttle(bytesPerSecond:), 1...BodyFault.maxBytesPerSecond),
            (.stallAfter, BodyFault.stall(after:), 0...BodyFault.maxByteCount),
        ]
        for (key, make, range) in kinds {
            guard let value = try container.decodeIfPresent(Double.self, forKey: key) else { continue }
            // Compared as a Double first: Int(1e300) would trap.
            guard value == value.rounded(), (Double(range.lowerBound)...Double(range.upperBound)).contains(value) else {
                throw FaultError(
                    "Expected \"\(key.stringValue)\" to be a whole number from \(range.lowerBound) to \(range.upperBound)."
                )
            }
            return make(Int(value))  // safe: a whole number within range
        }
        return nil
    }

    /// Writes the fault as the admin routes list it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(method, forKey: .method)
        try container.encode(count, forKey: .count)
        switch action {
        case .dropConnection:
            try container.encode(true, forKey: .drop)
        case .body(.cut(let count)):
            try container.encode(count, forKey: .cutAfter)
        case .body(.throttle(let rate)):
            try container.encode(rate, forKey: .bytesPerSecond)
        case .body(.stall(let count)):
            try container.encode(count, forKey: .stallAfter)
        case .respond(let status, let headers, let body):
            try container.encode(status, forKey: .status)
            try container.encode(
                Dictionary(headers.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last }),
                forKey: .headers)
            try container.encode(String(decoding: body, as: UTF8.self), forKey: .body)
        }
    }
}
