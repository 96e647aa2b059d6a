import Foundation
import Networking

/// The Sandbox's own controls, for tests and tools driving a running server.
/// Only requests from this machine are served.
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

    var name: String { Self.serviceName }

    func handles(_ request: SandboxRequest) -> Bool {
        request.path.hasPrefix(Self.prefix)
    }

    func respond(to request: SandboxRequest) async -> SandboxResponse {
        guard request.isLocal else {
            return .json(403, ["error": "The admin routes answer local requests only."])
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
                milliseconds >= 0
            else {
                return .json(400, ["error": "Expected {\"milliseconds\": <non-negative number>}."])
            }
            await faults.setLatency(.milliseconds(Int64(milliseconds)))
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

    private func addFault(_ body: Data) async -> SandboxResponse {
        guard let spec = try? JSONValue.parse(body), let path = spec["path"]?.stringValue else {
            return .json(400, ["error": "Expected a JSON object with at least \"path\"."])
        }
        let count = Int(spec["count"]?.numberValue ?? 1)
        let method = spec["method"]?.stringValue
        if spec["drop"]?.boolValue == true {
            await faults.inject(Fault(path: path, method: method, count: count, action: .dropConnection))
            return .json(200, ["status": "ok"])
        }
        guard let status = spec["status"]?.numberValue, (100..<600).contains(status) else {
            return .json(400, ["error": "Expected \"status\" between 100 and 599, or \"drop\": true."])
        }
        var headers = HTTPHeaders()
        for (name, value) in spec["headers"]?.objectValue ?? [:] {
            headers[name] = value.stringValue ?? value.jsonText
        }
        let body = Data((spec["body"]?.stringValue ?? "").utf8)
        await faults.inject(
            Fault(path: path, method: method, count: count, status: Int(status), headers: headers, body: body))
        return .json(200, ["status": "ok"])
    }

    private static func describe(_ entry: RecordedRequest) -> JSONValue {
        [
            "method": .string(entry.method), "path": .string(entry.path),
            "query": entry.rawQuery.map(JSONValue.string) ?? .null, "status": .number(Double(entry.status)),
        ]
    }
}
