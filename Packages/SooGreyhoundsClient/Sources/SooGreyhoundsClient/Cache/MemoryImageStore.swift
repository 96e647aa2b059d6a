/// The in-memory tier: entries by photo id, least recently used evicted
/// first once their bytes pass the limit.
struct MemoryImageStore {
    private var entries: [String: CachedImage] = [:]
    private var lastUse: [String: UInt64] = [:]
    private var clock: UInt64 = 0
    let byteLimit: Int
    private(set) var byteCount = 0

    init(byteLimit: Int) {
        self.byteLimit = byteLimit
    }

    var count: Int { entries.count }

    mutating func entry(for key: String) -> CachedImage? {
        guard let entry = entries[key] else { return nil }
        touch(key)
        return entry
    }

    /// Keeps `entry` unless it alone is over the limit, then evicts until
    /// the rest fit.
    mutating func store(_ entry: CachedImage) {
        remove(entry.photoID)
        let size = entry.image.data.count
        guard size <= byteLimit else { return }
        entries[entry.photoID] = entry
        byteCount += size
        touch(entry.photoID)
        while byteCount > byteLimit, let oldest = lastUse.min(by: { $0.value < $1.value })?.key {
            remove(oldest)
        }
    }

    mutating func remove(_ key: String) {
        guard let removed = entries.removeValue(forKey: key) else { return }
        byteCount -= removed.image.data.count
        lastUse[key] = nil
    }

    mutating func removeAll() {
        entries.removeAll()
        lastUse.removeAll()
        byteCount = 0
    }

    private mutating func touch(_ key: String) {
        clock += 1
        lastUse[key] = clock
    }
}
