import Networking

/// How an emulated API answers browsers calling it from another site: its
/// CORS preflights and the `Access-Control-*` headers of its answers.
///
/// Web SDKs call the emulators from a page served elsewhere (a dev server
/// on another port), so each emulator answers CORS as the real service's
/// emulator does. A preflight grants the request headers the page asks for
/// (`Access-Control-Request-Headers`), since the SDKs send headers of their
/// own (`X-Client-Version`, `X-Firebase-gmpid`, `X-Firebase-Client`) that a
/// fixed list would miss. Echoed values are checked first: only visible
/// ASCII, at most 4 KiB, so a hostile request cannot put a line break or a
/// megabyte into an answer's headers.
public struct CrossOriginPolicy: Sendable, Equatable {
    /// Which origins an answer allows.
    public enum AllowedOrigins: Sendable, Equatable {
        /// Any origin: `Access-Control-Allow-Origin: *`.
        case any
        /// The request's own `Origin`, echoed (with `Vary: Origin`), as the
        /// `cors` middleware of Firebase's Node emulators does.
        case requestOrigin
    }

    /// Which origins an answer allows.
    public var origins: AllowedOrigins
    /// The methods a preflight allows.
    public var methods: [String]
    /// How long, in seconds, a browser may cache a preflight's answer;
    /// `nil` sends no `Access-Control-Max-Age`.
    public var maxAge: Int?
    /// The status of a preflight's answer: 204 for Firebase's Node
    /// emulators, 200 for the database's.
    public var preflightStatus: Int

    /// A policy allowing `origins` to call with `methods`.
    public init(origins: AllowedOrigins, methods: [String], maxAge: Int? = nil, preflightStatus: Int = 204) {
        self.origins = origins
        self.methods = methods
        self.maxAge = maxAge
        self.preflightStatus = preflightStatus
    }

    /// Whether `request` is a CORS preflight: an `OPTIONS` naming the method
    /// to come in `Access-Control-Request-Method`.
    public static func isPreflight(_ request: SandboxRequest) -> Bool {
        request.method == "OPTIONS" && request.headers.contains("Access-Control-Request-Method")
    }

    /// The headers every answer to `request` carries: the allowed origin,
    /// and `Vary: Origin` where the answer depends on it.
    public func headers(for request: SandboxRequest) -> HeaderFields {
        switch origins {
        case .any:
            return ["Access-Control-Allow-Origin": "*"]
        case .requestOrigin:
            guard let origin = Self.echoable(request.headers["Origin"]) else { return ["Vary": "Origin"] }
            return ["Access-Control-Allow-Origin": origin, "Vary": "Origin"]
        }
    }

    /// The answer to a preflight: the origin, the methods, the request
    /// headers asked for, and how long to cache it.
    public func preflight(_ request: SandboxRequest) -> SandboxResponse {
        var headers = headers(for: request)
        headers.add(name: "Access-Control-Allow-Methods", value: methods.joined(separator: ","))
        if let asked = Self.echoable(request.headers["Access-Control-Request-Headers"]) {
            headers.add(name: "Access-Control-Allow-Headers", value: asked)
            headers.add(name: "Vary", value: "Access-Control-Request-Headers")
        }
        if let maxAge { headers.add(name: "Access-Control-Max-Age", value: String(maxAge)) }
        return SandboxResponse(status: preflightStatus, headers: headers)
    }

    /// The longest request header value echoed into an answer.
    static let maxEchoedLength = 4096

    /// `value` if it can be echoed into a header as it is: visible ASCII,
    /// spaces and tabs, not empty, at most ``maxEchoedLength`` bytes.
    static func echoable(_ value: String?) -> String? {
        guard let value, !value.isEmpty, value.utf8.count <= maxEchoedLength,
            value.utf8.allSatisfy({ $0 == 0x09 || (0x20...0x7E).contains($0) })
        else { return nil }
        return value
    }
}
