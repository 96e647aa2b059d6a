/// Receives every ``NetworkLogRecord`` of a client: each attempt and its
/// redirect hops, each retry wait, each revalidation, each stream's start
/// and end. The one channel for logs and metrics alike:
///
/// ```swift
/// client.http.observers.append(NetworkObserver { record in print(record) })
/// client.http.observers.append(NetworkObserver { record in
///     if let duration = record.duration { statsd.timing("http", duration, ok: record.isSuccess) }
/// })
/// ```
///
/// Records arrive on the task that made the request, URLs and headers
/// already redacted; an observer should return quickly. A client with no
/// observer builds no record at all.
public struct NetworkObserver: Sendable {
    /// Called with each record.
    public var observe: @Sendable (NetworkLogRecord) -> Void

    /// Creates an observer that hands each record to `observe`.
    public init(_ observe: @escaping @Sendable (NetworkLogRecord) -> Void) {
        self.observe = observe
    }

    /// Prints each record as one line.
    public static let printing = NetworkObserver { print($0) }
}
