/// How far an upload or a download has come.
///
/// Reports arrive in order, with ``completed`` never going back within one
/// attempt; a retried upload or a download that starts over begins again
/// from its first byte.
///
/// ```swift
/// let request = NetworkRequest<Data>.post("upload")
///     .multipart(form)
///     .uploadProgress { progress in
///         print("\(progress.completed) of \(progress.total.map(String.init) ?? "?") bytes")
///     }
/// ```
public struct TransferProgress: Sendable, Hashable, CustomStringConvertible {
    /// The bytes sent or received so far.
    public var completed: Int
    /// The total number of bytes, when the transfer knows it.
    public var total: Int?

    /// Creates a progress value.
    public init(completed: Int, total: Int?) {
        self.completed = completed
        self.total = total
    }

    /// The fraction done, from 0 to 1, when the total is known.
    public var fraction: Double? {
        guard let total else { return nil }
        guard total > 0 else { return 1 }
        return min(1, Double(completed) / Double(total))
    }

    /// Whether every byte of a known total has moved.
    public var isComplete: Bool {
        total.map { completed >= $0 } ?? false
    }

    /// `65536 of 82753 bytes (79 %)`, or `65536 bytes` without a total.
    public var description: String {
        guard let total, let fraction else { return "\(completed) bytes" }
        return "\(completed) of \(total) bytes (\(Int((fraction * 100).rounded(.down))) %)"
    }
}
