import Networking

/// One endpoint of an emulator: the methods it answers, its path, what it
/// is for, and the handler that answers it.
///
/// ```swift
/// Route(.get, "/bankey/profile/{id}", "A customer's profile") { bankey, request, parameters in
///     bankey.file("profile-" + parameters["id"])
/// }
/// ```
///
/// A class, not a struct: a table is searched on every request, and a
/// route copied out of it is one reference, not its pattern, method set and
/// handler.
public final class Route<Service: Sendable>: Sendable {
    /// The handler's type: the service, the request and the path's
    /// parameters in, the answer out.
    typealias Handler = @Sendable (Service, SandboxRequest, RouteParameters) async -> SandboxResponse

    /// The methods answered; `nil` for any (the handler then decides).
    public var methods: Set<HTTPMethod>? { answered.map(Set.init) }
    /// The methods answered, as a list: every request compares its method
    /// with a few cases, which is cheaper than hashing its name into a set.
    private let answered: [HTTPMethod]?
    /// The path.
    public let pattern: PathPattern
    /// What the endpoint is for, in one line of the endpoint list.
    public let summary: String
    let handler: Handler

    /// A route for the given methods, or any method when `methods` is
    /// `nil`. Its handler may throw the service's own failure, which is
    /// then the answer:
    ///
    /// ```swift
    /// Route([.patch, .put], "/v0/{base}/{table}", "Update records") { (airtable, request, parameters) throws(AirtableFailure) in … }
    /// ```
    ///
    /// - Parameters:
    ///   - methods: The methods answered; `nil` for any.
    ///   - pattern: The path, with `{name}` parameters.
    ///   - summary: One line for the endpoint list.
    ///   - handler: Answers a matching request, or throws why not.
    public init<Failure: SandboxFailure>(
        _ methods: Set<HTTPMethod>?, _ pattern: PathPattern, _ summary: String,
        handler: @escaping @Sendable (Service, SandboxRequest, RouteParameters) async throws(Failure) -> SandboxResponse
    ) {
        answered = methods.map(Array.init)
        self.pattern = pattern
        self.summary = summary
        self.handler = { service, request, parameters in
            do throws(Failure) {
                return try await handler(service, request, parameters)
            } catch {
                return error.response
            }
        }
    }

    /// A route for one method.
    ///
    /// - Parameters:
    ///   - method: The method answered.
    ///   - pattern: The path, with `{name}` parameters.
    ///   - summary: One line for the endpoint list.
    ///   - handler: Answers a matching request, or throws why not.
    public convenience init<Failure: SandboxFailure>(
        _ method: HTTPMethod, _ pattern: PathPattern, _ summary: String,
        handler: @escaping @Sendable (Service, SandboxRequest, RouteParameters) async throws(Failure) -> SandboxResponse
    ) {
        self.init([method], pattern, summary, handler: handler)
    }

    /// Whether the route answers `method`: any route without a method
    /// list does, and no route with one answers a method it has no case
    /// for (`nil`).
    func answers(_ method: HTTPMethod?) -> Bool {
        guard let answered else { return true }
        return method.map(answered.contains) ?? false
    }

    /// The methods as the endpoint list shows them: `GET, HEAD`, or `*`.
    public var methodList: String {
        guard let methods else { return "*" }
        return HTTPMethod.allCases.filter(methods.contains).map(\.rawValue).joined(separator: ", ")
    }
}
