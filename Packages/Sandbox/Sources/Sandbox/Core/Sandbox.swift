import Foundation

/// The four lesson APIs, emulated: Firebase Realtime Database (paths ending
/// in `.json`), Airtable (`/v0/`), Bankey (`/bankey/`) and SooGreyhounds
/// (`/services/rest` and its images); and Firebase Authentication
/// (`/identitytoolkit.googleapis.com/`, `/securetoken.googleapis.com/`,
/// `/emulator/v1/`), for signing in to the database. With scripted faults
/// and a log of every request answered.
///
/// Tests talk to it in process through ``SandboxTransport``; SandboxServer
/// serves it over HTTP, with its admin routes and browser console beside
/// it. Either way the emulators' answers are the same, and both go through
/// ``respond(to:)``, the one place requests are faulted and recorded.
///
/// ```swift
/// let sandbox = try await Sandbox()
/// let client = NetworkClient(baseURL: Sandbox.baseURL, transport: SandboxTransport(sandbox))
/// try sandbox.faults.inject(Fault(path: "/posts/*", status: 503, headers: ["Retry-After": "1"]))
/// ```
public final class Sandbox: Sendable {
    /// The base URL the in-process transport answers for.
    public static let baseURL = URL(string: "http://sandbox.local")!

    /// The settings it was created with.
    public let configuration: SandboxConfiguration
    /// Scripted failures and added latency.
    public let faults: FaultInjector
    /// What it answered, request by request.
    public let requests: RequestLog
    /// The Firebase Realtime Database emulator.
    public let firebase: FirebaseEmulator
    /// The Firebase Authentication emulator.
    public let firebaseAuth: FirebaseAuthEmulator
    /// The Airtable emulator.
    public let airtable: AirtableEmulator
    /// The Bankey emulator.
    public let bankey: BankeyEmulator
    /// The SooGreyhounds emulator.
    public let soogreyhounds: SooGreyhoundsEmulator

    private let services: [any SandboxService]
    /// Every service's mounts in one table: the one routing decision.
    private let mounts: ServiceMounts

    /// Creates the emulators, restoring their data from `storage` (seeding
    /// the lessons' data where there is none), or in memory without one.
    public init(configuration: SandboxConfiguration = SandboxConfiguration(), storage: (any SandboxStorage)? = nil)
        async throws
    {
        if configuration.reset, let storage {
            try await storage.removeAll()
        }
        self.configuration = configuration
        faults = FaultInjector()
        requests = RequestLog()
        firebase = try await FirebaseEmulator(configuration: configuration.firebase, storage: storage)
        firebaseAuth = try await FirebaseAuthEmulator(configuration: configuration.firebaseAuth, storage: storage)
        airtable = try await AirtableEmulator(configuration: configuration.airtable, storage: storage)
        // Webhook pings the Sandbox sends are in its request log too.
        await airtable.observeWebhookDeliveries { [requests] delivery in
            requests.record(delivery)
        }
        bankey = BankeyEmulator()
        soogreyhounds = SooGreyhoundsEmulator(configuration: configuration.soogreyhounds)
        let services: [any SandboxService] = [airtable, bankey, soogreyhounds, firebaseAuth, firebase]
        self.services = services
        mounts = ServiceMounts(services.map(\.mounts))
    }

    /// The emulators whose data a ``SandboxExport`` carries in files of
    /// their own, beside Firebase's layout.
    public var exportingServices: [any SandboxExporting] {
        [airtable, soogreyhounds]
    }

    /// The names of the emulated services, for start-up banners.
    public var serviceNames: [String] {
        services.map(\.name)
    }

    /// Each emulator's endpoints, from its route table: what the banner,
    /// `sandbox --help` and the console list.
    public static let endpoints: [(service: String, endpoints: [Endpoint])] = [
        ("firebase", FirebaseEmulator.endpoints), ("firebase-auth", FirebaseAuthEmulator.endpoints),
        ("airtable", AirtableEmulator.endpoints),
        ("bankey", BankeyEmulator.endpoints), ("soogreyhounds", SooGreyhoundsEmulator.endpoints),
    ]

    /// The request with its routing decision: the service whose mount its
    /// path matches (``/SandboxCore/SandboxRequest/route``), decided once. A server
    /// routes a request from its head, then asks for its body limit and
    /// its answer with the same decision; ``respond(to:)`` routes a request
    /// that was not.
    public func route(_ request: SandboxRequest) -> SandboxRequest {
        var routed = request
        routed.route = .decided(lookUp(request))
        return routed
    }

    /// The service a request was routed to, routing it if it was not.
    private func service(of request: SandboxRequest) -> (any SandboxService)? {
        if case .decided(let service) = request.route { return service }
        return lookUp(request)
    }

    /// The service whose mount the request's path matches.
    private func lookUp(_ request: SandboxRequest) -> (any SandboxService)? {
        mounts.service(for: request.pathSegments).map { services[$0] }
    }

    /// Answers a request: added latency, then a scripted fault if one
    /// matches, else the service whose mount matches the path, else a 404.
    public func respond(to request: SandboxRequest) async -> SandboxResponse {
        let started = ContinuousClock.now
        let service = service(of: request)
        if SandboxRequest.hasControlCharacters(inPath: request.path) {
            return finish(
                request, service?.invalidPath(request) ?? .controlCharacterInPath, service: service, started: started)
        }
        guard let service else {
            return finish(request, .text(404, "Not Found"), service: nil, started: started)
        }
        // Refused as a server refuses it, from the head: before any fault.
        if let refusal = service.refusal(ofBodyOf: request) {
            return finish(request, refusal, service: service, started: started)
        }
        let (latency, fault) = faults.consume(for: request)
        if latency > .zero {
            try? await Task.sleep(for: latency)
        }
        let response: SandboxResponse
        switch fault {
        case .respond(let status, let headers, let body):
            response = SandboxResponse(status: status, headers: headers, body: .data(body))
        case .dropConnection:
            response = SandboxResponse(status: 0, body: .dropConnection)
        case .body(let bodyFault):
            var answer = await service.respond(to: request)
            answer.bodyFault = bodyFault
            response = answer
        case nil:
            response = await service.respond(to: request)
        }
        return finish(request, response, service: service, started: started)
    }

    /// The answer to a request whose body the server refused for its size,
    /// in the format of the service the path belongs to (Airtable's
    /// `REQUEST_TOO_LARGE`, Firebase's `{"error" : …}`), recorded like any
    /// other answer.
    public func bodyTooLarge(_ request: SandboxRequest) async -> SandboxResponse {
        let service = service(of: request)
        return finish(
            request, service?.bodyTooLarge(request) ?? .payloadTooLarge, service: service, started: .now)
    }

    /// The largest body the service a request is for takes, judged from its
    /// head, or `nil` when that service has no limit of its own.
    public func maxBodySize(for request: SandboxRequest) -> Int? {
        service(of: request)?.maxBodySize(for: request)
    }

    /// Records the exchange in the request log and hands the answer on.
    /// Nothing is copied or scanned here: the log shares the request's
    /// strings and bodies (up to its limit) and redacts secrets only when
    /// someone reads an entry.
    private func finish(
        _ request: SandboxRequest, _ response: SandboxResponse, service: (any SandboxService)?,
        started: ContinuousClock.Instant
    ) -> SandboxResponse {
        let responseBody: CapturedBody =
            switch response.body {
            case .data(let data): CapturedBody(data)
            case .stream: .stream
            case .dropConnection: .empty
            }
        requests.record(
            RecordedRequest(
                service: service?.name ?? "", method: request.method, path: request.path,
                rawQuery: request.rawQuery, status: response.status,
                duration: .now - started, requestHeaders: request.headers,
                requestBody: CapturedBody(request.body), responseHeaders: response.headers,
                responseBody: responseBody, note: response.note)
        )
        return response
    }
}
