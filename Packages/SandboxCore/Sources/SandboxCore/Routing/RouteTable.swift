import Networking

/// An emulator's endpoints, declared in one place and read in order: the
/// endpoint list the service documents, and how a request finds its
/// handler.
///
/// ```swift
/// static let routes = RouteTable<BankeyEmulator>([
///     Route(.get, "/bankey/profile/{id}", "A customer's profile") { bankey, _, parameters in … },
/// ])
/// let response = await Self.routes.respond(to: request, with: self)
/// ```
public struct RouteTable<Service: Sendable>: Sendable {
    /// The routes, in the order they are tried.
    public let routes: [Route<Service>]

    /// A table of `routes`, tried in order: a more specific path goes
    /// before a pattern that would also match it.
    public init(_ routes: [Route<Service>]) {
        self.routes = routes
    }

    /// What a request found in the table.
    public enum Match: Sendable {
        /// A route that answers it, with the path's parameters.
        case found(Route<Service>, RouteParameters)
        /// Routes with its path exist, but none for its method.
        case methodNotAllowed(allowed: Set<HTTPMethod>)
        /// No route has its path.
        case notFound
    }

    /// The route for `method` and `segments`: the first whose methods and
    /// pattern both fit. Each route is tried at most twice, in time linear
    /// in the path.
    public func match(method: HTTPMethod?, segments: [String]) -> Match {
        // Only routes for the method are matched against the path (the
        // common case is a hit); the rest are looked at only to name the
        // allowed methods of a 405.
        for route in routes where route.answers(method) {
            if let parameters = route.pattern.match(segments) { return .found(route, parameters) }
        }
        var allowed: Set<HTTPMethod> = []
        for route in routes {
            if let methods = route.methods, route.pattern.match(segments) != nil {
                allowed.formUnion(methods)
            }
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
    }

    /// Answers `request` with its route's handler; `notFound` or
    /// `methodNotAllowed` when it has none.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - service: The service the handler runs on.
    ///   - notFound: The answer for a path no route has.
    ///   - methodNotAllowed: The answer for a method the path's routes do
    ///     not take, given the methods they do.
    public func respond(
        to request: SandboxRequest, with service: Service,
        notFound: @Sendable () -> SandboxResponse = { .text(404, "Not Found") },
        methodNotAllowed: @Sendable (Set<HTTPMethod>) -> SandboxResponse = SandboxResponse.methodNotAllowed
    ) async -> SandboxResponse {
        switch match(method: request.httpMethod, segments: request.pathSegments) {
        case .found(let route, let parameters): await route.handler(service, request, parameters)
        case .methodNotAllowed(let allowed): methodNotAllowed(allowed)
        case .notFound: notFound()
        }
    }

    /// The answer of the route that takes `request`, or `nil` when none
    /// does (by path or by method): for a table tried before another.
    public func response(to request: SandboxRequest, with service: Service) async -> SandboxResponse? {
        guard case .found(let route, let parameters) = match(method: request.httpMethod, segments: request.pathSegments)
        else { return nil }
        return await route.handler(service, request, parameters)
    }

    /// The endpoint list, one per route, in order.
    public var endpoints: [Endpoint] {
        routes.map { Endpoint(methods: $0.methodList, path: $0.pattern.description, summary: $0.summary) }
    }
}

extension SandboxResponse {
    /// `405 Method Not Allowed` as text, with `Allow` listing `allowed`.
    public static func methodNotAllowed(_ allowed: Set<HTTPMethod>) -> SandboxResponse {
        var response = SandboxResponse.text(405, "Method Not Allowed")
        response.headers["Allow"] = HTTPMethod.allCases.filter(allowed.contains).map(\.rawValue).joined(
            separator: ", ")
        return response
    }
}
