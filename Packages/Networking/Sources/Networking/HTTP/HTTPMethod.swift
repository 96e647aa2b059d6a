/// The HTTP methods the lessons use, with the method token as the raw value.
///
/// Lesson 1 needs `GET` and `POST`; lesson 2 asks for `PUT`, `PATCH` and
/// `DELETE` as well. `HEAD` is here because retries treat it as safe, and
/// `OPTIONS` because browsers send it before a cross-origin request (the
/// Sandbox answers it as Firebase does).
///
/// It describes itself as its token, as logs and the wire show it:
/// `"\(HTTPMethod.get)"` is `GET`.
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// Reads a resource.
    case get = "GET"
    /// Reads only the headers of a resource.
    case head = "HEAD"
    /// Creates a resource or runs an action; not idempotent.
    case post = "POST"
    /// Replaces a resource.
    case put = "PUT"
    /// Updates part of a resource.
    case patch = "PATCH"
    /// Removes a resource.
    case delete = "DELETE"
    /// Asks what a resource allows: a browser's CORS preflight.
    case options = "OPTIONS"

    /// Whether repeating the request has the same effect as sending it once.
    ///
    /// `PATCH` is listed because the APIs of these lessons (Firebase and
    /// Airtable) apply a `PATCH` as a merge of named fields, which is
    /// idempotent. `POST` never is: retrying it can create a second record.
    public var isIdempotent: Bool {
        self != .post
    }

    /// The method token: `GET`, `POST`, …
    public var description: String {
        rawValue
    }
}
