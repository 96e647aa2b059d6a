import Foundation

/// What the Sandbox answered, request by request, so tests can count what a
/// client really sent ("20 callers, one download").
public struct RecordedRequest: Sendable, Hashable {
    /// The method.
    public var method: String
    /// The percent-encoded path.
    public var path: String
    /// The percent-encoded query with secret values (`auth`, `api_key`,
    /// tokens) redacted as the SDK redacts them, or `nil`.
    public var rawQuery: String?
    /// The status answered; 0 for a dropped connection.
    public var status: Int
}

/// The last requests a ``Sandbox`` answered, oldest first, bounded so a long
/// run cannot grow it without end.
public actor RequestLog {
    /// A ring once full: `oldest` is where the next entry overwrites, so
    /// recording costs the same however long the server has run. (Removing
    /// the first of 10,000 entries moved them all, on every request.)
    private var entries: [RecordedRequest] = []
    private var oldest = 0
    private let capacity: Int

    /// Creates a log keeping the last `capacity` requests.
    public init(capacity: Int = 10_000) {
        self.capacity = max(0, capacity)
    }

    /// Every recorded request, oldest first.
    public var all: [RecordedRequest] {
        Array(entries[oldest...] + entries[..<oldest])
    }

    /// The recorded requests whose path matches a glob pattern (`*` for any
    /// run of characters), optionally of one method.
    public func matching(_ pattern: String, method: String? = nil) -> [RecordedRequest] {
        all.filter { entry in
            Fault.glob(pattern[...], matches: entry.path[...])
                && (method.map { $0.caseInsensitiveCompare(entry.method) == .orderedSame } ?? true)
        }
    }

    /// Forgets every recorded request.
    public func clear() {
        entries.removeAll()
        oldest = 0
    }

    func record(_ entry: RecordedRequest) {
        guard capacity > 0 else { return }
        guard entries.count == capacity else {
            entries.append(entry)
            return
        }
        entries[oldest] = entry
        oldest = (oldest + 1) % capacity
    }
}
