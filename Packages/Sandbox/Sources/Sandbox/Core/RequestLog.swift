import Foundation

/// The last requests a ``Sandbox`` answered, oldest first, bounded so a long
/// run cannot grow it without end: the last `capacity` requests, and the
/// bodies of the last `bodyCapacity` of them.
public actor RequestLog {
    /// Which recorded requests a page of the log holds.
    public struct Filter: Sendable, Hashable {
        /// A glob pattern (`*` for any run of characters) the path matches.
        public var path: String?
        /// The service that answered (`firebase`, `airtable`, …).
        public var service: String?
        /// The method, compared without case.
        public var method: String?
        /// The statuses: an exact code, or a class (`400..<500`).
        public var statuses: Range<Int>?
        /// Whether the console's own requests are left out.
        public var excludesConsole: Bool

        /// Creates a filter; the default keeps everything.
        public init(
            path: String? = nil, service: String? = nil, method: String? = nil, statuses: Range<Int>? = nil,
            excludesConsole: Bool = false
        ) {
            self.path = path
            self.service = service
            self.method = method
            self.statuses = statuses
            self.excludesConsole = excludesConsole
        }

        func matches(_ entry: RecordedRequest) -> Bool {
            (path.map { Fault.glob($0[...], matches: entry.path[...]) } ?? true)
                && (service.map { $0 == entry.service } ?? true)
                && (method.map { $0.caseInsensitiveCompare(entry.method) == .orderedSame } ?? true)
                && (statuses.map { $0.contains(entry.status) } ?? true)
                && !(excludesConsole && entry.isFromConsole)
        }
    }

    /// A ring once full: `oldest` is where the next entry overwrites, so
    /// recording costs the same however long the server has run. (Removing
    /// the first of 10,000 entries moved them all, on every request.)
    private var entries: [RecordedRequest] = []
    private var oldest = 0
    private var nextID = 1
    private let capacity: Int
    private let bodyCapacity: Int

    /// Creates a log keeping the last `capacity` requests, and the bodies
    /// of the last `bodyCapacity` of them (at most ``CapturedBody/limit``
    /// bytes each, so 64 MiB at most by default).
    public init(capacity: Int = 10_000, bodyCapacity: Int = 1_000) {
        self.capacity = max(0, capacity)
        self.bodyCapacity = min(max(0, bodyCapacity), self.capacity)
    }

    /// Every recorded request, oldest first.
    public var all: [RecordedRequest] {
        Array(entries[oldest...] + entries[..<oldest])
    }

    /// The recorded requests whose path matches a glob pattern (`*` for any
    /// run of characters), optionally of one method.
    public func matching(_ pattern: String, method: String? = nil) -> [RecordedRequest] {
        page(Filter(path: pattern, method: method))
    }

    /// The newest `limit` requests that pass `filter`, between two ids
    /// (both excluded), oldest first: `after` the newest one a viewer has,
    /// `before` the oldest, to page back.
    ///
    /// It walks from the newest entry and stops at `after` or the limit,
    /// so a live view asking for what is new reads only what is new.
    public func page(_ filter: Filter = Filter(), after: Int? = nil, before: Int? = nil, limit: Int = .max)
        -> [RecordedRequest]
    {
        var found: [RecordedRequest] = []
        var remaining = entries.count
        var index = oldest == 0 ? entries.count - 1 : oldest - 1
        while remaining > 0, found.count < limit {
            let entry = entries[index]
            if let after, entry.id <= after { break }
            if before.map({ entry.id < $0 }) ?? true, filter.matches(entry) {
                found.append(entry)
            }
            remaining -= 1
            index = index == 0 ? entries.count - 1 : index - 1
        }
        return found.reversed()
    }

    /// The request with this id, if the log still holds it.
    public func entry(id: Int) -> RecordedRequest? {
        guard let first = entries.isEmpty ? nil : entries[oldest].id, id >= first, id < nextID else { return nil }
        return entries[(oldest + (id - first)) % entries.count]
    }

    /// The id the next request will get.
    public var nextEntryID: Int { nextID }

    /// Forgets every recorded request; ids go on from where they were, so a
    /// viewer's cursor never points at a different request.
    public func clear() {
        entries.removeAll()
        oldest = 0
    }

    /// Appends a request, giving it the next id; the entry `bodyCapacity`
    /// places back lets go of its bodies.
    func record(_ entry: RecordedRequest) {
        guard capacity > 0 else { return }
        var entry = entry
        entry.id = nextID
        nextID += 1
        if entries.count == capacity {
            entries[oldest] = entry
            oldest = (oldest + 1) % capacity
        } else {
            entries.append(entry)
        }
        releaseBodies(at: entries.count - 1 - bodyCapacity)
    }

    /// Releases the bodies of the entry `back` places after the oldest.
    private func releaseBodies(at back: Int) {
        guard back >= 0 else { return }
        let index = (oldest + back) % entries.count
        entries[index].requestBody = entries[index].requestBody.released()
        entries[index].responseBody = entries[index].responseBody.released()
    }
}
