import Foundation

/// Sends ``NetworkRequest`` values through a transport: builds the URL, encodes the
/// body, retries what is safe to retry, checks the status, decodes the body,
/// logs each attempt with secrets redacted, and reports every failure as a
/// ``NetworkError``.
///
/// This is the lessons' `NetworkHelper.performDataTask`, `NetworkController`
/// and `PhotoStore` networking, done once:
///
/// ```swift
/// let client = NetworkClient(baseURL: URL(string: "https://example.com/bankey")!)
/// let profile = try await client.send(NetworkRequest<Profile>.get("profile/1"))
///
/// client.send(NetworkRequest<Profile>.get("profile/1")) { result in
///     // on the main queue, as the lessons' DispatchQueue.main.async
/// }
/// ```
///
/// A client is a value: copy it and change a property to get a variant
/// (another retry policy, extra headers) that shares the transport.
public struct NetworkClient: Sendable {
    /// The URL every request path is relative to. Its query items, if any,
    /// are sent with every request to it (an API key, a namespace). Set
    /// once, when the client is made: an API client makes it from its
    /// `configuration`, which stays its one home.
    public let baseURL: URL
    /// Header fields that say who is asking, sent only to the base URL's
    /// origin; ``headers`` and a request's own fields of the same name win.
    /// Set once, as ``baseURL`` is, marked secret, and their names join the
    /// ``redactor``'s secrets.
    let credentials: HeaderFields
    /// What carries requests to the server.
    public var transport: any HTTPTransport
    /// Header fields of your own sent with every request to the base URL's
    /// origin; a request's own fields win.
    public var headers: HeaderFields
    /// Query items of your own sent with every request to the base URL's
    /// origin, after the base URL's.
    public var query: [QueryItem]
    /// When to try a failed request again.
    public var retryPolicy: RetryPolicy
    /// The time allowed for each attempt when the request sets none.
    public var timeout: Duration?
    /// Decodes every JSON response; one per client, configured once.
    public var decoder: JSONDecoder
    /// Encodes every JSON body.
    public var encoder: JSONEncoder
    /// The service this client talks to, which every failure it makes
    /// carries (``HTTPFailure/service``) and names in its description;
    /// `nil` unless a service's client sets it.
    public var service: ServiceName?
    /// Reads the server's own message from an error response.
    public var messageParser: @Sendable (TransportResponse) -> ServerMessage?
    /// Turns a non-2xx answer into the error thrown for it; by default by
    /// its status (``NetworkError/init(failure:)``). An API that says more
    /// in its body than in its status reads it here (Firebase's
    /// `Permission denied` is `.unauthenticated` whatever the status), below
    /// the interceptors, so they, the ``retryPolicy`` and streams all see the
    /// same error.
    public var failureClassifier: @Sendable (HTTPFailure) -> NetworkError
    /// Who sees every attempt, redirect hop, retry wait, revalidation and
    /// stream, as ``NetworkLogRecord``s: logs and metrics alike. With none,
    /// no record is built.
    public var observers: [NetworkObserver]
    /// Keeps secrets out of logs and error descriptions.
    public var redactor: Redactor
    /// The most redirects followed for one attempt (10 unless set); one more
    /// fails with ``NetworkError/tooManyRedirects(_:)``, and 0 follows none.
    /// How each status is followed is RFC 9110's, the same over every
    /// transport: 307 and 308 keep the method and body, 303 (and 301 or 302
    /// after a `POST`) become a `GET`, and secret headers never go to
    /// another origin.
    public var maxRedirects: Int
    /// Your steps every attempt passes through, first outermost: they can
    /// change the request, look at or replace its outcome, and decide
    /// retries (see ``HTTPInterceptor``); the ``retryPolicy`` decides when
    /// none does. Append or assign freely: an API client's own steps are in
    /// ``builtInInterceptors``, which this list never replaces.
    public var interceptors: [any HTTPInterceptor]
    /// The steps an API client puts around yours, outermost (Airtable's
    /// pacing and 429 handling): they run before ``interceptors`` and decide
    /// retries first. Set by the client that made this `NetworkClient`.
    public var builtInInterceptors: [any HTTPInterceptor]

    /// ``baseURL`` split once, for every request's URL; `nil` when it has
    /// no scheme or host, which each request then reports.
    private let splitBaseURL: URLBuilder.Base?

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - baseURL: The URL request paths are relative to, with any query
    ///     items every request carries.
    ///   - credentials: Header fields that say who is asking; none by
    ///     default.
    ///   - transport: Defaults to a shared ``URLSessionTransport``.
    ///   - decoder: Defaults to a `JSONDecoder` with default strategies.
    ///   - encoder: Defaults to a `JSONEncoder` with sorted keys, so bodies
    ///     are the same bytes on every run.
    ///   - retryPolicy: When to send a failed request again; defaults to
    ///     ``RetryPolicy/default``.
    public init(
        baseURL: URL,
        credentials: HeaderFields = [:],
        transport: any HTTPTransport = URLSessionTransport.shared,
        decoder: JSONDecoder = JSONDecoder(),
        encoder: JSONEncoder = NetworkClient.makeEncoder(),
        retryPolicy: RetryPolicy = .default
    ) {
        self.baseURL = baseURL
        self.splitBaseURL = URLBuilder.Base(baseURL)
        self.credentials = HeaderFields(
            fields: credentials.map { HeaderFields.Field(name: $0.name, value: $0.value, isSecret: true) })
        self.transport = transport
        self.headers = [:]
        self.query = []
        self.retryPolicy = retryPolicy
        self.timeout = nil
        self.decoder = decoder
        self.encoder = encoder
        self.service = nil
        self.messageParser = { ServerMessage.parse($0.body) }
        self.failureClassifier = { NetworkError(failure: $0) }
        self.observers = []
        self.redactor = Redactor(secretNames: Redactor.defaultSecretNames.union(credentials.map(\.name)))
        self.maxRedirects = 10
        self.interceptors = []
        self.builtInInterceptors = []
    }

    /// A `JSONEncoder` that writes keys in sorted order.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Sends the request and returns the decoded value.
    ///
    /// Cancelling the calling task cancels the request and throws
    /// ``NetworkError/cancelled``.
    public func send<Value>(_ request: NetworkRequest<Value>) async throws(NetworkError) -> Value {
        try await response(for: request).value
    }

    /// Sends the request and returns the decoded value with the raw response.
    ///
    /// A `304 Not Modified` to a conditional request is a success on the
    /// wire (observers and interceptors see it so, and ``perform(_:isIdempotent:)``
    /// returns it), but it has no body to decode: here it is thrown as
    /// ``NetworkError/httpStatus(_:)`` with status 304, for the caller that
    /// asked the question to use its cached copy.
    public func response<Value>(for request: NetworkRequest<Value>) async throws(NetworkError) -> NetworkResponse<Value>
    {
        let httpRequest = try makeTransportRequest(request)
        let raw = try await perform(httpRequest, isIdempotent: request.isIdempotent)
        if raw.status == 304 {
            throw .httpStatus(failure(for: raw, to: httpRequest))
        }
        return NetworkResponse(value: try decode(raw, for: request), raw: raw)
    }

    /// Builds the HTTP request that ``send(_:)`` would put on the wire.
    public func makeTransportRequest<Value>(_ request: NetworkRequest<Value>) throws(NetworkError) -> TransportRequest {
        let base = request.absoluteURL ?? baseURL
        // Most requests are relative to the base URL, and comparing a URL's
        // parts decodes them, which profiling showed on every request; only
        // an absolute URL needs the comparison.
        let sameOrigin = request.absoluteURL.map(sendsDefaults(to:)) ?? true
        guard let split = request.absoluteURL == nil ? splitBaseURL : URLBuilder.Base(base) else {
            throw .invalidURL(redactor.redact(base))
        }
        let url = try URLBuilder.url(
            base: split,
            pathComponents: request.pathComponents,
            pathExtension: request.pathExtension,
            query: sameOrigin ? query : [],
            moreQuery: request.query,
            redactor: redactor
        )
        let defaults = credentials.isEmpty ? headers : credentials.merging(headers)
        var headers = (sameOrigin ? defaults : [:]).merging(request.headers)
        var body = try request.body?.encodingJSON(with: encoder)
        if let contentType = body?.contentType, !headers.contains("Content-Type") {
            headers["Content-Type"] = contentType
        }
        if let progress = request.uploadProgress {
            body = body?.reporting(progress)
        }
        return TransportRequest(
            method: request.method,
            url: url,
            headers: headers,
            body: body,
            timeout: request.timeout ?? timeout
        )
    }

    /// The request as a redacted `curl` command line.
    public func cURLDescription<Value>(for request: NetworkRequest<Value>) throws(NetworkError) -> String {
        try makeTransportRequest(request).cURLDescription(redactor: redactor)
    }

    /// Sends an HTTP request with retries and returns the successful response.
    ///
    /// Use this for requests built by hand; ``send(_:)`` calls it too.
    /// After a failed attempt the ``interceptors`` decide in order
    /// (``HTTPInterceptor/retryDecision(for:)``), and the ``retryPolicy``
    /// when none does: the SDK's one retry loop, a download's too.
    public func perform(_ request: TransportRequest, isIdempotent: Bool) async throws(NetworkError) -> TransportResponse
    {
        let chain = chain
        var attempt = 1
        return try await retrying(request, isIdempotent: isIdempotent, attempt: &attempt) {
            number throws(NetworkError) in
            // Without interceptors the attempt is made directly, with no
            // closure to allocate for the chain.
            if chain.isEmpty {
                return try await attemptOnce(request, attempt: number)
            }
            return try await intercepted(request, attempt: number, by: chain) {
                hop throws(NetworkError) in try await attemptOnce(hop, attempt: number)
            }
        }
    }

    /// The retry loop: makes attempt `attempt` with `body`, then retries as
    /// ``perform(_:isIdempotent:)`` says. `attempt` ends as the last
    /// attempt's number, so a download that resumes keeps counting.
    func retrying<Answer>(
        _ request: TransportRequest, isIdempotent: Bool, attempt: inout Int,
        _ body: (Int) async throws(NetworkError) -> Answer
    ) async throws(NetworkError) -> Answer {
        let clock = retryPolicy.clock
        let start = clock.now()
        let first = attempt
        while true {
            let error: NetworkError
            do {
                return try await body(attempt)
            } catch let failure {
                error = failure
            }
            if case .cancelled = error { throw error }
            // A one-shot body was spent on the failed attempt: the cause is
            // more use to the caller than `bodyNotReplayable` would be.
            if request.body?.isReplayable == false { throw error }
            let elapsed = Duration.seconds(clamping: clock.now().timeIntervalSince(start)) ?? .zero
            let failed = FailedAttempt(
                request: request, error: error, attempt: attempt - first + 1, elapsed: elapsed,
                isIdempotent: isIdempotent)
            guard let delay = await retryDelay(after: failed, asking: chain) else { throw error }
            reportRetry(of: request, after: error, delay: delay, attempt: attempt)
            try await waitBeforeRetry(delay, of: request, attempt: attempt + 1)
            attempt += 1
        }
    }

    /// Waits `delay` before `attempt`; a wait cancelled ends the request
    /// with a `failure(.cancelled)` record, so observers see every request
    /// end, even one whose next attempt never started.
    func waitBeforeRetry(_ delay: Duration, of request: TransportRequest, attempt: Int) async throws(NetworkError) {
        do {
            try await retryPolicy.clock.sleep(delay)
        } catch {
            log(.failure(.cancelled), request, attempt: attempt)
            throw .cancelled
        }
    }

    /// The built-in interceptors, then the caller's; no copy when one list
    /// is empty, as it mostly is.
    var chain: ArraySlice<any HTTPInterceptor> {
        if builtInInterceptors.isEmpty { return interceptors[...] }
        if interceptors.isEmpty { return builtInInterceptors[...] }
        return (builtInInterceptors + interceptors)[...]
    }

    /// The first decision an interceptor of `chain` takes, else the retry
    /// policy's.
    func retryDelay(after failed: FailedAttempt, asking chain: ArraySlice<any HTTPInterceptor>) async
        -> Duration?
    {
        for interceptor in chain {
            switch await interceptor.retryDecision(for: failed) {
            case .useRetryPolicy: continue
            case .retry(let wait): return max(wait, .zero)
            case .doNotRetry: return nil
            }
        }
        return retryPolicy.delay(
            after: failed.error, attempt: failed.attempt, elapsed: failed.elapsed, isIdempotent: failed.isIdempotent)
    }

    /// Runs `interceptors` around `innermost`, the first outermost. The depth
    /// is the number of interceptors the caller configured.
    func intercepted<Answer: InterceptedResponse>(
        _ request: TransportRequest, attempt: Int, by interceptors: ArraySlice<any HTTPInterceptor>,
        innermost: @escaping @Sendable (TransportRequest) async throws(NetworkError) -> Answer
    ) async throws(NetworkError) -> Answer {
        guard let interceptor = interceptors.first else {
            return try await innermost(request)
        }
        let rest = interceptors.dropFirst()
        return try await interceptor.intercept(request, attempt: attempt) {
            (next: TransportRequest) async throws(NetworkError) -> Answer in
            try await intercepted(next, attempt: attempt, by: rest, innermost: innermost)
        }
    }

    private func attemptOnce(_ request: TransportRequest, attempt: Int) async throws(NetworkError) -> TransportResponse
    {
        let (response, answered) = try await followingRedirects(from: request, attempt: attempt) { hop in
            let response = try await transport.send(hop)
            // Whatever the transport, a body short of its declared length
            // is never handed on as a success.
            if let declared = TransportResponse.declaredLength(
                status: response.status, headers: response.headers, method: hop.method),
                response.body.count < declared
            {
                throw NetworkError.incompleteBody(expected: declared, received: response.body.count)
            }
            return (response, response.status, response.headers, response.body.count)
        }
        guard Self.accepts(response.status, for: answered) else {
            throw failureClassifier(failure(for: response, to: answered))
        }
        return response
    }

    /// Whether a status is an answer to hand back rather than an error: a
    /// 2xx, or a `304 Not Modified` to a conditional `GET` or `HEAD`
    /// (`If-None-Match`, `If-Modified-Since`), which says the caller's
    /// cached copy is current (RFC 9110 §15.4.5).
    static func accepts(_ status: Int, for request: TransportRequest) -> Bool {
        (200..<300).contains(status) || (status == 304 && isConditional(request))
    }

    private static func isConditional(_ request: TransportRequest) -> Bool {
        (request.method == .get || request.method == .head)
            && (request.headers.contains("If-None-Match") || request.headers.contains("If-Modified-Since"))
    }

    /// Sends the request, and each redirect it is sent on up to
    /// ``maxRedirects``, through `send`; returns the last answer and the
    /// request that got it. Plain requests and streams both come through
    /// here, so every hop is logged the same way: its `request`, then a
    /// `redirect`, or the attempt's `response`, `revalidated` or `failure`.
    func followingRedirects<Answer>(
        from request: TransportRequest,
        attempt: Int,
        _ send: (TransportRequest) async throws -> (Answer, status: Int, headers: HeaderFields, received: Int?)
    ) async throws(NetworkError) -> (Answer, TransportRequest) {
        var current = request
        var hops = 0
        while true {
            if Task.isCancelled {
                // After a redirect or a retry's wait was logged, the
                // transfer still ends with a record.
                if hops > 0 || attempt > 1 { log(.failure(.cancelled), current, attempt: attempt) }
                throw .cancelled
            }
            // Durations are only for observers: no clock read without one.
            let started = observers.isEmpty ? nil : ContinuousClock.now
            log(.request, current, headers: current.headers, attempt: attempt)
            let answer: Answer
            let status: Int
            let headers: HeaderFields
            let received: Int?
            do {
                (answer, status, headers, received) = try await send(current)
            } catch {
                let mapped = NetworkError(transportError: error, request: current, redactor: redactor)
                log(.failure(mapped), current, attempt: attempt, duration: started.map { ContinuousClock.now - $0 })
                throw mapped
            }
            let duration = started.map { ContinuousClock.now - $0 }
            guard let next = Redirect.request(after: status, headers: headers, from: current, redactor: redactor)
            else {
                let event: NetworkLogRecord.Event =
                    status == 304 && Self.accepts(status, for: current) ? .revalidated : .response(status: status)
                log(event, current, headers: headers, attempt: attempt, duration: duration, received: received)
                return (answer, current)
            }
            guard hops < maxRedirects else {
                log(.response(status: status), current, headers: headers, attempt: attempt, duration: duration)
                let response = TransportResponse(status: status, headers: headers)
                throw .tooManyRedirects(failure(for: response, to: current))
            }
            if !observers.isEmpty {
                let location = redactor.redact(next.url)
                log(
                    .redirect(status: status, location: location), current, headers: headers, attempt: attempt,
                    duration: duration, received: received)
            }
            hops += 1
            current = next
        }
    }

    /// Whether the default ``headers`` and ``query`` go with a request to
    /// `url`: only to the base URL's origin (scheme, host and port, the
    /// default port counting as written), since defaults carry
    /// credentials. The one same-origin rule of the SDK: the client's
    /// credentials and redirects follow it too.
    public func sendsDefaults(to url: URL) -> Bool {
        url.hasSameOrigin(as: baseURL)
    }

    /// The failure a non-2xx response stands for, with the server's message.
    ///
    /// A `401` to a request that carried the credentials the client was
    /// made with (an API key, token or database secret the app is
    /// configured with) is the app's configuration, not something a user
    /// fixes by signing in: its ``HTTPFailure/advice`` says so.
    public func failure(for response: TransportResponse, to request: TransportRequest) -> HTTPFailure {
        HTTPFailure(
            service: service,
            status: response.status,
            method: request.method,
            url: redactor.redact(request.url),
            message: messageParser(response),
            headers: response.headers,
            body: response.body,
            retryAfter: RetryAfter.parse(response.headers["Retry-After"], now: retryPolicy.clock.now()),
            carriedCredentials: carriesCredentials(request),
            advice: response.status == 401 && sendsConfiguredCredentials(request)
                ? "Check the credentials the app is configured with: \(service?.description ?? "the server") refused them."
                : nil
        )
    }

    /// Whether `request` carries every credential the client was made
    /// with, unchanged: its `credentials` headers and the secret query
    /// items of its ``baseURL`` (a Firebase database secret, `auth=`).
    private func sendsConfiguredCredentials(_ request: TransportRequest) -> Bool {
        let configured = secretQueryItems(of: baseURL)
        guard !credentials.isEmpty || !configured.isEmpty else { return false }
        let sent = secretQueryItems(of: request.url)
        return credentials.allSatisfy { request.headers[$0.name] == $0.value } && configured.isSubset(of: sent)
    }

    /// The query items of `url` the ``redactor`` calls secret, with a value.
    private func secretQueryItems(of url: URL) -> Set<URLQueryItem> {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Set(items.filter { $0.value != nil && redactor.isSecret(name: $0.name) })
    }

    /// Whether `request` carries credentials: a header marked secret, or a
    /// header or query item the ``redactor`` calls secret. What ``HTTPFailure/carriedCredentials``
    /// says of a failed request.
    public func carriesCredentials(_ request: TransportRequest) -> Bool {
        request.headers.contains { $0.isSecret || redactor.isSecret(name: $0.name) }
            || !secretQueryItems(of: request.url).isEmpty
    }

    private func decode<Value>(_ response: TransportResponse, for request: NetworkRequest<Value>) throws(NetworkError)
        -> Value
    {
        do {
            return try request.decode(response, decoder)
        } catch let error as NetworkError {
            throw error
        } catch {
            throw .decodingFailed(DecodingFailure(error, decoding: Value.self, body: response.body))
        }
    }

    /// Tells the ``observers`` that `request` will be sent again after
    /// `delay` because attempt `attempt` failed with `error`: the
    /// `retrying` record this client's own retry loop reports, for a caller
    /// with a loop of its own (a stream that reconnects). Call it before the
    /// wait starts.
    public func reportRetry(of request: TransportRequest, after error: NetworkError, delay: Duration, attempt: Int) {
        log(.retrying(after: error, delay: delay), request, attempt: attempt)
    }

    /// Hands a record to every observer; builds nothing when there is none.
    func log(
        _ event: NetworkLogRecord.Event,
        _ request: TransportRequest,
        headers: HeaderFields = [:],
        attempt: Int,
        duration: Duration? = nil,
        received: Int? = nil
    ) {
        guard !observers.isEmpty else { return }
        let record = NetworkLogRecord(
            event, of: request, headers: headers, attempt: attempt, duration: duration, received: received,
            redactor: redactor)
        for observer in observers {
            observer.observe(record)
        }
    }
}
