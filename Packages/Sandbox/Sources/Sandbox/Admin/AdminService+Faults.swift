import Foundation
import Networking

/// The fault routes: scripted failures, latency, Airtable's rate limit.
extension AdminService {
    /// The longest added latency: ten minutes.
    static let maxLatencyMilliseconds: Double = 600_000
    /// The most requests one fault applies to.
    static let maxFaultCount = 1_000_000
    /// The longest fault path pattern, in characters.
    static let maxPatternLength = 1024

    func describeFaults() async -> SandboxResponse {
        let pending = await faults.pending
        let latency = await faults.addedLatency
        return .json(
            200,
            [
                "faults": .array(pending.map(Self.describe)),
                "latencyMilliseconds": .number(latency.seconds * 1000),
                "airtableRateLimit": .bool(await airtable.isRateLimitEnabled),
            ])
    }

    func setLatency(_ body: Data) async -> SandboxResponse {
        guard let milliseconds = (try? JSONValue.parse(body))?["milliseconds"]?.numberValue,
            (0...Self.maxLatencyMilliseconds).contains(milliseconds)
        else {
            return .json(
                400, ["error": "Expected {\"milliseconds\": <a number from 0 to \(Self.maxLatencyMilliseconds)>}."])
        }
        await faults.setLatency(Duration.seconds(clamping: milliseconds / 1000) ?? .zero)
        return .json(200, ["status": "ok"])
    }

    func setAirtableRateLimit(_ body: Data) async -> SandboxResponse {
        guard let enabled = (try? JSONValue.parse(body))?["enabled"]?.boolValue else {
            return .json(400, ["error": "Expected {\"enabled\": true} or {\"enabled\": false}."])
        }
        await airtable.setRateLimitEnabled(enabled)
        return .json(200, ["status": "ok"])
    }

    func addFault(_ body: Data) async -> SandboxResponse {
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

    private static func describe(_ fault: Fault) -> JSONValue {
        var described: [String: JSONValue] = [
            "path": .string(fault.path), "method": fault.method.map(JSONValue.string) ?? .null,
            "count": .number(Double(fault.count)),
        ]
        switch fault.action {
        case .dropConnection:
            described["drop"] = true
        case .respond(let status, let headers, let body):
            described["status"] = .number(Double(status))
            described["headers"] = .object(Dictionary(headers.map { ($0.name, .string($0.value)) }) { $1 })
            described["body"] = .string(String(decoding: body, as: UTF8.self))
        }
        return .object(described)
    }
}
