import Foundation
import Networking

/// The Sandbox's own controls, for tests and tools driving a running server.
/// Only requests from this machine are served, unless
/// ``SandboxConfiguration/allowsRemoteAdmin`` says otherwise.
///
/// | Route | Effect |
/// |---|---|
/// | `GET /__sandbox/health` | `{"status":"ok"}` |
/// | `POST /__sandbox/faults` | adds a fault: `{"path":"/posts/*","method":"GET","count":2,"status":503,"headers":{"Retry-After":"1"},"body":"…"}`, or `"drop":true` instead of a status |
/// | `DELETE /__sandbox/faults` | removes every fault and the latency |
/// | `PUT /__sandbox/latency` | `{"milliseconds":50}` before every answer |
/// | `GET /__sandbox/requests` | the recorded requests, `?path=/v0/*` to filter |
/// | `DELETE /__sandbox/requests` | forgets them |
struct AdminService: SandboxService {
    static let serviceName = "admin"
    static let prefix = "/__sandbox/"

    let faults: FaultInjector
    let requests: RequestLog
    /// Whether callers on other machines are served too.
    let allowsRemote: Bool

    var name: String { Self.serviceName }

    func handles(_ request: SandboxRequest) -> Bool {
        request.path.hasPrefix(Self.prefix)
    }

    func respond(to request: SandboxRequest) async -> SandboxResponse {
        guard request.isLocal || allowsRemote else {
            return .json(
                403,
                ["error": "The admin routes answer local requests only (sandbox --allow-remote-admin to change it)."])
        }
        let route = String(request.path.dropFirst(Self.prefix.count))
        switch (request.method.uppercased(), route) {
        case ("GET", "health"):
            return .json(200, ["status": "ok"])
        case ("POST", "faults"):
            return await addFault(request.body)
        case ("DELETE", "faults"):
            await faults.reset()
            return .json(200, ["status": "ok"])
        case ("PUT", "latency"):
            guard let milliseconds = (try? JSONValue.parse(request.body))?["milliseconds"]?.numberValue,
                (0...Self.maxLatencyMilliseconds).contains(milliseconds)
            else {
                return .json(
                    400, ["error": "Expected {\"milliseconds\": <a number from 0 to \(Self.maxLatencyMilliseconds)>}."])
            }
            await faults.setLatency(Duration.seconds(clamping: milliseconds / 1000) ?? .zero)
            return .json(200, ["status": "ok"])
        case ("GET", "requests"):
            let recorded = await requests.matching(request.query("path") ?? "*")
            return .json(200, .array(recorded.map(Self.describe)))
        case ("DELETE", "requests"):
            await requests.clear()
            return .json(200, ["status": "ok"])
        default:
            return .json(404, ["error": "Unknown admin route \(request.method) \(request.path)."])
        }
    }

    /// The longest added latency: ten minutes.
    static let maxLatencyMilliseconds: Double = 600_000
    /// The most requests one fault applies to.
    static let maxFaultCount = 1_000_000
    /// The longest fault path pattern, in characters.
    static let maxPatternLength = 1024

    private func addFault(_ body: Data) async -> SandboxResponse {
        guard let spec = try? JSONValue.parse(body), let path = spec["path"]?.stringValue,
            !path.isEmpty, path.count <= Self.maxPatternLength
        else {
            return .json(
                400, ["error": "Expected a JSON object with \"path\", 1 to \(Self.maxPatternLength) characters."])
        }
        let countValue = spec["count"]?.numberValue ?? 1
        // Compared as a Double first: Int(1e300) would trap.
        guard countValue == countValue.rounded(), countValue >= 1, countValue <= Double(Self.maxFaultCount) else {
            return .json(400, ["error": "Expected \"count\" to be a whole number from 1 to \(Self.maxFaultCount)."])
        }
        let count = Int(countValue)  // safe: a whole number from 1 to maxFaultCount
        let method = spec["method"]?.stringValue
        if let method, method.isEmpty || method.count > 32 {
            return .json(400, ["error": "Expected \"method\" to be a method name of 1 to 32 characters."])
        }
        if spec["drop"]?.boolValue == true {
            await faults.inject(Fault(path: path, method: method, count: count, action: .dropConnection))
            return .json(200, ["status": "ok"])
        }
        guard let status = spec["status"]?.numberValue, status == status.rounded(), (100...599).contains(status) else {
            return .json(400, ["error": "Expected \"status\" to be a whole number from 100 to 599, or \"drop\": true."])
        }
        let fields = spec["headers"]?.objectValue ?? [:]
        guard fields.count <= 64 else {
            return .json(400, ["error": "Expected at most 64 \"headers\"."])
        }
        var headers = HTTPHeaders()
        for (name, value) in fields {
            let text = value.stringValue ?? value.jsonText
            // A name or value that could end the header line would let a
            // fault inject other headers or a second response.
            guard Self.isHeaderSafe(name), !name.isEmpty, Self.isHeaderSafe(text) else {
                return .json(400, ["error": "Header names and values may not contain line breaks or NUL."])
            }
            headers[name] = text
        }
        let body = Data((spec["body"]?.stringValue ?? "").utf8)
        await faults.inject(
            Fault(path: path, method: method, count: count, status: Int(status), headers: headers, body: body))
        return .json(200, ["status": "ok"])
    }

    private static func isHeaderSafe(_ text: String) -> Bool {
        !text.utf8.contains { $0 == 0x0A || $0 == 0x0D || $0 == 0x00 }
    }

    private static func describe(_ entry: RecordedRequest) -> JSONValue {
        [
            "method": .string(entry.method), "path": .string(entry.path),
            "query": entry.rawQuery.map(JSONValue.string) ?? .null, "status": .number(Double(entry.status)),
        ]
    }
}
