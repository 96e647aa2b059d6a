import Foundation
import Networking

/// The last requests a `Sandbox` answered, oldest first, bounded so a long
/// run cannot grow it without end: the last `capacity` requests, and the
/// bodies of the newest of them within a byte budget.
///
/// Entries are kept as recorded and redacted as they are read
/// (``RecordedRequest/redacted(by:)``): every request pays for recording,
/// few entries are ever read, and no reader sees a secret.
///
/// Recording is synchronous, under a lock held for an append: every
/// request the Sandbox answers is recorded, and an actor's hop there and
/// back cost more than the append (Docs/Performance.md, benchmark 8). The
/// readers stay `async`, as they were when the log was an actor, so their
/// callers read as before; they never suspend.
public final class RequestLog: @unchecked Sendable {
    /// Which recorded requests a page of the log holds.
    public struct Filter: Sendable {
        /// A glob pattern (`*` for any run of characters) the path matches.
        public var path: String? {
            didSet { pattern = path.map(FaultPattern.init) }
        }
        /// The service that answered (`firebase`, `airtable`, …).
        public var service: String?
        /// The method, compared without case.
        public var method: String?
        /// The statuses: an exact code, or a class (`400..<500`).
        public var statuses: Range<Int>?
        /// Any other test an entry must pass, such as the server's "not
        /// from the console".
        public var predicate: (@Sendable (RecordedRequest) -> Bool)?
        /// ``path``, compiled once for the whole page.
        private var pattern: FaultPattern?

        /// Creates a filter; the default keeps everything.
        public init(
            path: String? = nil, service: String? = nil, method: String? = nil, statuses: Range<Int>? = nil,
            predicate: (@Sendable (RecordedRequest) -> Bool)? = nil
        ) {
            self.path = path
            self.service = service
            self.method = method
            self.statuses = statuses
            self.predicate = predicate
            pattern = path.map(FaultPattern.init)
        }

        /// Whether `entry` passes every test.
        public func matches(_ entry: RecordedRequest) -> Bool {
            (pattern?.matches(entry.path) ?? true)
                && (service.map { $0 == entry.service } ?? true)
                && (method.map { $0.caseInsensitiveCompare(entry.method) == .orderedSame } ?? true)
                && (statuses.map { $0.contains(entry.status) } ?? true)
                && (predicate?(entry) ?? true)
        }
    }

    /// Guards every `var` below.
    private let lock = NSLock()
    /// A ring once full: `oldest` is where the next entry overwrites, so
    /// recording costs the same however long the server has run. (Removing
    /// the first of 10,000 entries moved them all, on every request.)
    private var entries: [RecordedRequest] = []
    private var oldest = 0
    private var nextID = 1
    private let capacity: Int
    /// The most body bytes kept, over all entries.
    private let bodyBudget: Int
    private var bodyBytes = 0
    /// The oldest entry that may still hold its bodies: every older one has
    /// let go of them, so releasing walks forward from here, once per entry.
    private var oldestWithBodies = 1

    /// Creates a log keeping the last `capacity` requests, and the bodies of
    /// the newest of them (at most ``CapturedBody/limit`` bytes of each) as
    /// long as they add up to no more than `bodyBudget` bytes.
    public init(capacity: Int = 10_000, bodyBudget: Int = 8 << 20) {
        self.capacity = max(0, capacity)
        self.bodyBudget = max(0, bodyBudget)
    }

    /// Redacts every entry on its way out.
    private static let redactor = Redactor()

    /// Every recorded request, oldest first.
    public var all: [RecordedRequest] {
        get async {
            let (entries, oldest) = ring()
            return (entries[oldest...] + entries[..<oldest]).map { $0.redacted(by: Self.redactor) }
        }
    }

    /// The recorded requests whose path matches a glob pattern (`*` for any
    /// run of characters), optionally of one method.
    public func matching(_ pattern: String, method: String? = nil) async -> [RecordedRequest] {
        await page(Filter(path: pattern, method: method))
    }

    /// The newest `limit` requests that pass `filter`, between two ids
    /// (both excluded), oldest first: `after` the newest one a viewer has,
    /// `before` the oldest, to page back.
    ///
    /// It walks from the newest entry and stops at `after` or the limit,
    /// so a live view asking for what is new reads only what is new.
    public func page(_ filter: Filter = Filter(), after: Int? = nil, before: Int? = nil, limit: Int = .max)
        async -> [RecordedRequest]
    {
        let (entries, oldest) = ring()
        var found: [RecordedRequest] = []
        var remaining = entries.count
        var index = oldest == 0 ? entries.count - 1 : oldest - 1
        while remaining > 0, found.count < limit {
            let id = entries[index].id
            if let after, id <= after { break }
            if before.map({ id < $0 }) ?? true {
                let entry = entries[index].redacted(by: Self.redactor)
                if filter.matches(entry) { found.append(entry) }
            }
            remaining -= 1
            index = index == 0 ? entries.count - 1 : index - 1
        }
        return found.reversed()
    }

    /// The ring and where its oldest entry is, taken under the lock (a
    /// reference, not a copy) for a reader to walk outside it: a page's
    /// filter may run a caller's predicate, which must neither hold up
    /// recording nor call `record` into a lock held. A request recorded
    /// during the walk copies the ring once; the snapshot goes when the
    /// reader returns.
    private func ring() -> (entries: [RecordedRequest], oldest: Int) {
        lock.withLock { (entries, oldest) }
    }

    /// The request with this id, if the log still holds it.
    public func entry(id: Int) async -> RecordedRequest? {
        lock.withLock { index(of: id).map { entries[$0] } }?.redacted(by: Self.redactor)
    }

    /// Where the entry with this id is in the ring: ids are consecutive
    /// from the oldest, so it is arithmetic, not a search. Called with the
    /// lock held.
    private func index(of id: Int) -> Int? {
        guard let first = entries.isEmpty ? nil : entries[oldest].id, id >= first, id < nextID else { return nil }
        return (oldest + (id - first)) % entries.count
    }

    /// The id the next request will get.
    public var nextEntryID: Int {
        get async { lock.withLock { nextID } }
    }

    /// Forgets every recorded request; ids go on from where they were, so a
    /// viewer's cursor never points at a different request.
    public func clear() async {
        lock.withLock {
            entries.removeAll()
            oldest = 0
            bodyBytes = 0
            oldestWithBodies = nextID
        }
    }

    /// Appends a request, giving it the next id; the oldest entries let go
    /// of their bodies until the kept bytes are within the budget again.
    public func record(_ entry: RecordedRequest) {
        guard capacity > 0 else { return }
        var entry = entry
        // Not `withLock`: its closure would copy the entry in and out.
        lock.lock()
        entry.id = nextID
        nextID += 1
        bodyBytes += Self.keptBytes(entry)
        if entries.count == capacity {
            // Swapped, not copied: `entry` now holds the one overwritten,
            // freed after the lock so others do not wait on it.
            swap(&entries[oldest], &entry)
            bodyBytes -= Self.keptBytes(entry)
            oldest = (oldest + 1) % capacity
        } else {
            entries.append(entry)
        }
        // Each step moves `oldestWithBodies` on, and it never passes
        // `nextID`: over a run, one step per entry recorded.
        while bodyBytes > bodyBudget, oldestWithBodies < nextID {
            if let index = index(of: oldestWithBodies) {
                releaseBodies(of: index)
            }
            oldestWithBodies += 1
        }
        lock.unlock()
    }

    /// Lets go of the bodies at `index`, counting them out of the budget.
    /// Called with the lock held.
    private func releaseBodies(of index: Int) {
        bodyBytes -= Self.keptBytes(entries[index])
        entries[index].requestBody = entries[index].requestBody.released()
        entries[index].responseBody = entries[index].responseBody.released()
    }

    private static func keptBytes(_ entry: RecordedRequest) -> Int {
        entry.requestBody.prefix.count + entry.responseBody.prefix.count
    }
}
