import Foundation
import Networking

/// The Sandbox's own controls, for tests, tools and the browser console
/// driving a running server. Only requests from this machine are served,
/// unless ``SandboxConfiguration/allowsRemoteAdmin`` says otherwise, and
/// only requests a web page on another site could not have made
/// (``AdminRequestGuard``).
///
/// | Route | Effect |
/// |---|---|
/// | `GET /__sandbox/health` | `{"status":"ok"}` |
/// | `GET /__sandbox/faults` | the pending faults, the latency and whether Airtable's rate limit is on |
/// | `POST /__sandbox/faults` | adds a fault: `{"path":"/posts/*","method":"GET","count":2,"status":503,"headers":{"Retry-After":"1"},"body":"…"}`, or `"drop":true` instead of a status |
/// | `DELETE /__sandbox/faults` | removes every fault and the latency |
/// | `PUT /__sandbox/latency` | `{"milliseconds":50}` before every answer |
/// | `PUT /__sandbox/airtable/rate-limit` | `{"enabled":false}` turns Airtable's 5-requests-a-second limit off |
/// | `GET /__sandbox/requests` | the recorded requests, oldest first; `?path=/v0/*`, `service=`, `method=`, `status=404` or `4xx`, `console=exclude`, `after=ID`, `before=ID`, `limit=N` |
/// | `GET /__sandbox/requests/ID` | one request with headers, bodies (secrets redacted) and a cURL command |
/// | `DELETE /__sandbox/requests` | forgets them |
/// | `GET /__sandbox/services` | what the console needs to call each API: namespaces, bases, credentials |
/// | `GET /__sandbox/console/` | the browser console (``SandboxConsole``) |
struct AdminService: SandboxService {
    static let serviceName = "admin"
    static let prefix = "/__sandbox/"

    let faults: FaultInjector
    let requests: RequestLog
    let firebase: FirebaseEmulator
    let airtable: AirtableEmulator
    let soogreyhounds: SooGreyhoundsEmulator
    /// Whether callers on other machines are served too.
    let allowsRemote: Bool

    var name: String { Self.serviceName }

    func handles(_ request: SandboxRequest) -> Bool {
        request.path.hasPrefix(Self.prefix) || request.path == "/__sandbox"
    }

    func respond(to request: SandboxRequest) async -> SandboxResponse {
        let guardian = AdminRequestGuard(allowsRemote: allowsRemote)
        if let refusal = guardian.refusal(of: request) {
            return refusal
        }
        let route = String(request.path.dropFirst(Self.prefix.count))
        if request.path == "/__sandbox" || route.isEmpty || route == "console" {
            return .redirect(to: SandboxConsole.path)
        }
        if route.hasPrefix("console/") {
            return SandboxConsole.asset(named: String(route.dropFirst("console/".count)), method: request.method)
        }
        // A page on another site may link to the console, but may not use
        // the routes that read or change the sandbox.
        if let refusal = guardian.crossSiteRefusal(of: request) {
            return refusal
        }
        return await api(request, route: route).noStore()
    }

    private func api(_ request: SandboxRequest, route: String) async -> SandboxResponse {
        switch (request.method.uppercased(), route) {
        case ("GET", "health"):
            return .json(200, ["status": "ok"])
        case ("GET", "faults"):
            return await describeFaults()
        case ("POST", "faults"):
            return await addFault(request.body)
        case ("DELETE", "faults"):
            await faults.reset()
            return .json(200, ["status": "ok"])
        case ("PUT", "latency"):
            return await setLatency(request.body)
        case ("PUT", "airtable/rate-limit"):
            return await setAirtableRateLimit(request.body)
        case ("GET", "requests"):
            return await listRequests(request)
        case ("GET", _) where route.hasPrefix("requests/"):
            return await describeRequest(id: route.dropFirst("requests/".count))
        case ("DELETE", "requests"):
            await requests.clear()
            return .json(200, ["status": "ok"])
        case ("GET", "services"):
            return await describeServices()
        default:
            return .json(404, ["error": "Unknown admin route \(request.method) \(request.path)."])
        }
    }
}

extension SandboxResponse {
    /// A redirect that keeps the method (308).
    static func redirect(to location: String) -> SandboxResponse {
        SandboxResponse(status: 308, headers: ["Location": location, "Content-Length": "0"])
    }

    /// The same answer, never cached: admin answers describe a moment.
    func noStore() -> SandboxResponse {
        var copy = self
        copy.headers["Cache-Control"] = "no-store"
        return copy
    }
}
