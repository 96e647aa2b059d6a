import FirebaseClient
import Networking

/// Where the next page of the feed starts, in terms that survive posts
/// sharing a timestamp.
///
/// Firebase orders the feed by `timestamp`, then by key. Every page is the
/// last `limit` entries up to (and including) a timestamp, so everything
/// the pages returned is one unbroken run at the end of that ordering. The
/// cursor keeps the earliest timestamp any page reached (the frontier) and
/// every entry it knows of. The next page asks for
/// `endAt=<frontier>&limitToLast=<page size + known entries at the frontier>`:
/// the entries at the frontier that are already held are the last ones in
/// Firebase's order, so the answer holds all of them plus a full page of
/// older entries, with no gap between. Dropping what is already held leaves
/// the new page.
///
/// The lesson ended the next page at ``Models/Post/queryTimestamp`` (the
/// oldest timestamp minus a millionth of a second) instead. That never
/// repeats a post, but every post at the oldest timestamp that did not fit
/// on the page is skipped for good.
struct PageCursor: Sendable {
    /// The child the feed is ordered by.
    static let orderKey = "timestamp"

    /// The earliest position any page reached; `nil` before the first page.
    private(set) var frontier: FirebaseSortValue?
    /// Every entry known (from pages, the live stream, or written here),
    /// by normalised key, with the sort value of its timestamp. Counting too
    /// many at the frontier only widens the next request; too few could
    /// stall it, so nothing is ever removed.
    private(set) var known: [String: FirebaseSortValue] = [:]
    /// Whether a page came back shorter than asked: nothing older is left.
    private(set) var hasReachedEnd = false

    /// The query for the next page of `pageSize`, or `nil` at the end.
    ///
    /// The first page ends at the largest number rather than the lesson's
    /// "now", so a post whose clock ran ahead is not left out; it still
    /// leaves out entries whose timestamp is not a number, which Firebase
    /// orders after every number.
    func nextQuery(pageSize: Int) -> FirebaseQuery? {
        let ordered = FirebaseQuery.orderByChild(Self.orderKey)
        guard let frontier else {
            return ordered.endAt(.number(.greatestFiniteMagnitude)).limitToLast(pageSize)
        }
        guard !hasReachedEnd, let end = frontier.queryValue else { return nil }
        let atFrontier = known.values.reduce(0) { $0 + ($1 == frontier ? 1 : 0) }
        return ordered.endAt(end).limitToLast(pageSize + atFrontier)
    }

    /// Takes in a page: every entry Firebase returned, decodable or not.
    mutating func recordPage(_ entries: [String: JSON], limit: Int) {
        for (key, value) in entries {
            let position = Self.position(of: value)
            record(key, at: position)
            frontier = frontier.map { min($0, position) } ?? position
        }
        if frontier == nil {
            // An empty first page: the feed is empty, and so finished.
            frontier = .null
        }
        hasReachedEnd = entries.count < limit
    }

    /// Remembers an entry seen outside the pages.
    mutating func record(_ key: String, at position: FirebaseSortValue) {
        known[Self.normalised(key)] = position
    }

    /// Where an entry sits in the ordering.
    static func position(of entry: JSON) -> FirebaseSortValue {
        FirebaseQuery.Order.child(orderKey).sortValue(of: entry)
    }

    /// One spelling per key: a UUID in either case counts once.
    static func normalised(_ key: String) -> String {
        UUIDKey.normalised(key)
    }
}
