import Foundation

/// Everything that can go wrong with a request, as cases a caller can act on.
///
/// It replaces each lesson's own error enum: lesson 1's `AppError`
/// (`badURL`, `noInternetConnection`, `badStatusCode`, `noDataReceived`,
/// `couldNotParseJSON`, `notAnImage`), Bankey's `serverError` and
/// `decodingError`, and SooGreyhounds' `invalidJSONData` and
/// `imageCreationError`. The cases are the same on Linux and Apple platforms,
/// and ``description`` says in one line, in plain words, what happened.
///
/// ```swift
/// do {
///     let profile = try await client.send(request)
/// } catch .unauthenticated(let failure) {
///     print("Sign in again:", failure.message?.message ?? "")
/// } catch .decodingFailed(let failure) {
///     print("Unexpected data at", failure.codingPath)
/// } catch {
///     print(error)  // "Could not connect to 127.0.0.1:8080: …"
/// }
/// ```
///
/// ## Cases to come
///
/// The enum is `@nonexhaustive` (SE-0487): a minor release may add a case,
/// as 0.9 added ``serviceFailure(_:)`` and 1.0 ``tlsFailed(_:)`` and
/// ``invalidRequest(_:)``, without
/// breaking an app. A `switch` over it outside this package needs an
/// `@unknown default`, and the compiler says so; `catch` clauses need nothing
/// more than their final `catch`. An enum was kept, rather than the struct of
/// codes AsyncHTTPClient uses, because its cases carry what a caller acts on
/// (the ``HTTPFailure``, the ``TLSFailure``) and pattern matching reads them.
@nonexhaustive
public enum NetworkError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The URL could not be built or is not one the transport can load.
    /// The associated text is the offending URL with secrets redacted.
    case invalidURL(String)
    /// The request was not sent: what the caller gave cannot make one (an
    /// empty record or user id, which would address something else; a
    /// signed-out Firebase session asked for a token). The text says what.
    case invalidRequest(String)
    /// The device is offline.
    case notConnected
    /// The host could not be reached: it is down, refused the connection or
    /// its name does not resolve.
    case cannotConnect(host: String)
    /// The connection dropped before the response was complete.
    case connectionLost
    /// No response within the request's timeout.
    case timedOut
    /// The request was cancelled, by the caller or by task cancellation.
    case cancelled
    /// 401: credentials are missing or wrong.
    case unauthenticated(HTTPFailure)
    /// 403: the credentials do not allow this.
    case forbidden(HTTPFailure)
    /// 404: no such resource.
    case notFound(HTTPFailure)
    /// 409 or 412: the resource changed; the failure's body holds what the
    /// server has now (Firebase sends the current value with a 412).
    case conflict(HTTPFailure)
    /// 429: too many requests; ``HTTPFailure/retryAfter`` says when to try again.
    case rateLimited(HTTPFailure)
    /// Any other status outside 2xx (a `304` to a conditional request
    /// included: its body is the caller's cached copy).
    case httpStatus(HTTPFailure)
    /// The service reported a failure inside a 2xx body (SooGreyhounds'
    /// `{"stat":"fail",…}`); the failure's message holds its code and text.
    case serviceFailure(HTTPFailure)
    /// The response had no body where one was needed.
    case noData
    /// The body was not what the request expected.
    case decodingFailed(DecodingFailure)
    /// The request body could not be encoded.
    case encodingFailed(String)
    /// The bytes are not an image this SDK can read.
    case notAnImage(String)
    /// A secure connection could not be made: the server's certificate is not
    /// one the client trusts, or the handshake failed. The failure names the
    /// host and the reason.
    case tlsFailed(TLSFailure)
    /// The transport cannot do what it was configured for on this platform
    /// (a ``ServerTrust`` FoundationNetworking cannot enforce, say); the
    /// text says what, and what to use instead. It is thrown when the
    /// transport is made, never silently ignored.
    case unsupportedConfiguration(String)
    /// The transport failed in a way none of the other cases describes.
    case transportFailed(TransportFailure)
    /// The response (or one server-sent event, or the unread part of a
    /// stream) grew past the limit set for it, in bytes; the request was
    /// stopped rather than let it exhaust memory.
    case responseTooLarge(limit: Int)
    /// The server kept redirecting past ``NetworkClient/maxRedirects`` hops (or
    /// in a loop); the failure is the last redirect response.
    case tooManyRedirects(HTTPFailure)
    /// A body ended before the length it declared: a response shorter than
    /// its `Content-Length`, or a streamed request body that yielded fewer
    /// (or more) bytes than its ``TransferBody/length``.
    case incompleteBody(expected: Int, received: Int)
    /// A request body that can be sent only once (a one-shot
    /// ``TransferBody`` stream) would have had to be sent again, for a retry or
    /// a `307`/`308` redirect; the request stopped rather than send a
    /// partial body.
    case bodyNotReplayable
    /// A file to upload could not be read, or a download could not be
    /// written (no space left, permission denied, the file changed while
    /// it was sent).
    case fileFailed(FileFailure)

    /// One line a person understands.
    public var description: String {
        switch self {
        case .invalidURL(let url):
            "Invalid URL: \(url)"
        case .invalidRequest(let reason):
            "The request was not sent: \(reason)"
        case .notConnected:
            "Not connected to the internet."
        case .cannotConnect(let host):
            "Could not connect to \(host): the server is down or unreachable."
        case .connectionLost:
            "The connection was lost before the response was complete."
        case .timedOut:
            "The request timed out."
        case .cancelled:
            "The request was cancelled."
        case .unauthenticated(let failure) where failure.carriedCredentials:
            failure.describe(
                "did not accept the credentials", advice: "Sign in again, or check the credentials the client sends.")
        case .unauthenticated(let failure):
            failure.describe("asked for credentials", advice: "Sign in first.")
        case .forbidden(let failure):
            failure.describe("refused access", advice: "The credentials do not allow this.")
        case .notFound(let failure):
            failure.describe("found nothing", advice: "Check the path and the identifiers in it.")
        case .conflict(let failure):
            failure.describe("reported a conflict", advice: "The resource changed: read it again, then retry.")
        case .rateLimited(let failure):
            failure.describe(
                "asked to slow down",
                advice: failure.retryAfter.map { "Retry after \($0.formattedSeconds)." } ?? "Wait, then retry.")
        case .httpStatus(let failure):
            failure.description
        case .serviceFailure(let failure):
            failure.describe("reported a failure", showsStatus: false, advice: "The message says what went wrong.")
        case .noData:
            "The server sent no data."
        case .decodingFailed(let failure):
            failure.description
        case .encodingFailed(let reason):
            "Could not encode the request body: \(reason)"
        case .notAnImage(let reason):
            "The data is not an image: \(reason)"
        case .tlsFailed(let failure):
            failure.description
        case .unsupportedConfiguration(let reason):
            "The transport cannot be configured this way: \(reason)"
        case .transportFailed(let failure):
            failure.description
        case .responseTooLarge(let limit):
            "The response was larger than the limit of \(limit) bytes, so it was stopped."
        case .tooManyRedirects(let failure):
            failure.describe("kept redirecting", advice: "Check the URL: the redirects may loop.")
        case .incompleteBody(let expected, let received):
            "The body ended after \(received) of the \(expected) bytes it declared."
        case .bodyNotReplayable:
            "The request body is a stream that can be sent only once, and the request needed it again."
        case .fileFailed(let failure):
            failure.description
        }
    }

    /// The same line, so `error.localizedDescription` (what lesson 1 puts in
    /// its alerts) reads well too.
    public var errorDescription: String? {
        description
    }

    /// The failed response, for the cases that have one.
    public var failure: HTTPFailure? {
        switch self {
        case .unauthenticated(let failure), .forbidden(let failure), .notFound(let failure),
            .conflict(let failure), .rateLimited(let failure), .httpStatus(let failure),
            .serviceFailure(let failure), .tooManyRedirects(let failure):
            failure
        default:
            nil
        }
    }

    /// The HTTP status code, for the cases that have one.
    public var status: Int? { failure?.status }

    /// Whether the body could not be decoded (Bankey's `decodingError`), as
    /// opposed to a server or transport failure (its `serverError`).
    public var isDecodingFailure: Bool {
        if case .decodingFailed = self { return true }
        return false
    }

    /// Maps a failed response to the case for its status.
    public init(failure: HTTPFailure) {
        switch failure.status {
        case 401: self = .unauthenticated(failure)
        case 403: self = .forbidden(failure)
        case 404: self = .notFound(failure)
        case 409, 412: self = .conflict(failure)
        case 429: self = .rateLimited(failure)
        default: self = .httpStatus(failure)
        }
    }
}
