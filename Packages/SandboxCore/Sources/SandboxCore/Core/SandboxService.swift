import Networking

/// One emulated API: it names the paths it serves and answers them.
///
/// Services never throw: every failure, the service's own errors included,
/// is an HTTP answer shaped like the real API's.
///
/// A service is a class: it holds its API's state for every request, and
/// the Sandbox picks one for each request it answers, which for a class is
/// a reference and a retain, not a copy through the existential's box.
public protocol SandboxService: AnyObject, Sendable {
    /// A short name for logs and the start-up banner, such as `firebase`.
    var name: String { get }

    /// The paths this service answers, as patterns (`/v0/{rest...}`,
    /// `/{path...}.json`): what the Sandbox mounts it at. Every service's
    /// mounts make one table (``ServiceMounts``), matched once per request.
    var mounts: [PathPattern] { get }

    /// Answers a request routed to this service.
    func respond(to request: SandboxRequest) async -> SandboxResponse

    /// The answer to a request whose body is over the server's limit, in
    /// the service's own error format; the body itself was never read.
    func bodyTooLarge(_ request: SandboxRequest) -> SandboxResponse

    /// The largest body the service takes for a request, judged from its
    /// head (the body is not read yet), or `nil` for no limit of its own:
    /// a server refuses a larger body without reading it.
    func maxBodySize(for request: SandboxRequest) -> Int?

    /// The answer to a path with a control character in it, in the
    /// service's own error format; the request goes no further.
    func invalidPath(_ request: SandboxRequest) -> SandboxResponse
}

extension SandboxService {
    /// The answer the Sandbox gives this service's request, without its
    /// faults and log: a path with a control character, or a body over
    /// ``maxBodySize(for:)``, is refused in the service's own format before
    /// the service sees it, anything else is ``respond(to:)``'s. For an
    /// emulator used, or tested, on its own.
    public func answer(_ request: SandboxRequest) async -> SandboxResponse {
        guard !SandboxRequest.hasControlCharacters(inPath: request.path) else { return invalidPath(request) }
        if let refusal = refusal(ofBodyOf: request) { return refusal }
        return await respond(to: request)
    }

    /// The service's 413 for a body over its limit, or `nil` when it is
    /// within: the one check of a body's size, in process and over HTTP
    /// (a server makes it from the head, before reading the body).
    public func refusal(ofBodyOf request: SandboxRequest) -> SandboxResponse? {
        guard let limit = maxBodySize(for: request), request.body.count > limit else { return nil }
        return bodyTooLarge(request)
    }

    /// A 400 with a plain JSON error, for services with no format of their
    /// own.
    public func invalidPath(_ request: SandboxRequest) -> SandboxResponse {
        .controlCharacterInPath
    }

    /// No limit of the service's own.
    public func maxBodySize(for request: SandboxRequest) -> Int? {
        nil
    }

    /// A 413 with a plain JSON error, for services with no format of their own.
    public func bodyTooLarge(_ request: SandboxRequest) -> SandboxResponse {
        .payloadTooLarge
    }
}

extension SandboxResponse {
    /// A 413 with a plain JSON error: the answer to an oversized body when
    /// no service has a format of its own.
    public static var payloadTooLarge: SandboxResponse {
        .json(413, ["error": "Payload too large."])
    }
}
