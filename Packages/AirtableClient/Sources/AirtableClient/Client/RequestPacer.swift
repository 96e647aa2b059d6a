import Foundation

/// Spaces a client's requests at least `1 / requestsPerSecond` apart, so a
/// bulk job stays under Airtable's 5 requests per second per base instead of
/// earning a 30-second wait. Shared by the clients ``AirtableClient/table(_:)``
/// makes, since the limit is per base.
actor RequestPacer {
    private var nextSlot: Date?

    /// Reserves the next free slot and returns how long to wait for it.
    func reserve(now: Date, interval: TimeInterval) -> TimeInterval {
        let slot = max(now, nextSlot ?? now)
        nextSlot = slot.addingTimeInterval(interval)
        return slot.timeIntervalSince(now)
    }
}
