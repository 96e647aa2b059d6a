import Foundation

/// One Firebase database (a namespace): its data, the query indexes kept
/// over it, its event streams, and its write-through to storage.
///
/// Writes are applied one at a time, in arrival order. With a storage, a
/// write is answered only once its rows are committed; writes that arrive
/// while a commit is in flight are committed together in the next one, and
/// their events go out in order after each commit.
actor FirebaseDatabase {
    /// The namespace.
    nonisolated let name: String

    private let storage: (any SandboxStorage)?
    private let keepAliveInterval: Duration
    private var tree: FirebaseTree
    /// What storage holds: the tree minus the writes still being committed.
    /// A failed commit puts the database back to it.
    private var committedTree: FirebaseTree
    private var pushIDs = FirebasePushID()
    private var indexes: [IndexKey: CachedIndex] = [:]
    private var indexClock = 0
    private var subscriptions: [Int: Subscription] = [:]
    private var nextSubscriptionID = 0
    private var pending: [PendingCommit] = []
    private var isCommitting = false

    /// At most this many indexes are kept; the least recently used goes.
    private static let maxIndexes = 32
    /// Events a stream may have queued for a slow client before it is cut
    /// off (it reconnects and starts from a fresh `put`, as with Firebase).
    private static let streamBuffer = 4096

    private struct IndexKey: Hashable {
        var path: FirebasePath
        var order: FirebaseRESTQuery.Order
    }

    private struct CachedIndex {
        var index: FirebaseOrderedIndex
        var lastUse: Int
    }

    private struct Subscription {
        var path: FirebasePath
        var query: FirebaseRESTQuery?
        var continuation: AsyncStream<Data>.Continuation
        /// The children a query stream last reported.
        var reported: [String: JSONValue] = [:]
        var lastActivity: ContinuousClock.Instant
        var keepAlive: Task<Void, Never>?
    }

    private struct PendingCommit {
        var changes: [StorageChange]
        var sets: [(path: FirebasePath, value: JSONValue)]
        var events: [(subscription: Int, frame: Data)]
        var continuation: CheckedContinuation<Void, any Error>
    }

    /// Creates a database holding `tree`, writing through to `storage`.
    init(name: String, tree: FirebaseTree, storage: (any SandboxStorage)?, keepAliveInterval: Duration) {
        self.name = name
        self.tree = tree
        self.committedTree = tree
        self.storage = storage
        self.keepAliveInterval = keepAliveInterval
    }

    /// Whether the database holds no data.
    var isEmpty: Bool { tree.root.isNull }

    /// The number of open event streams.
    var subscriptionCount: Int { subscriptions.count }

    // MARK: Reads

    /// The value at `path`.
    func value(at path: FirebasePath) -> JSONValue {
        tree.value(at: path)
    }

    /// The children of `path` a query selects, as an object (empty when none).
    func query(_ query: FirebaseRESTQuery, at path: FirebasePath) -> JSONValue {
        .object(select(query, at: path))
    }

    private func select(_ query: FirebaseRESTQuery, at path: FirebasePath) -> [String: JSONValue] {
        guard case .object(let children) = tree.value(at: path) else { return [:] }
        guard query.filters else { return children }
        let keys = index(at: path, order: query.order).select(query)
        var selected: [String: JSONValue] = [:]
        selected.reserveCapacity(keys.count)
        for key in keys {
            selected[key] = children[key]
        }
        return selected
    }

    private func index(at path: FirebasePath, order: FirebaseRESTQuery.Order) -> FirebaseOrderedIndex {
        indexClock += 1
        let key = IndexKey(path: path, order: order)
        if let cached = indexes[key] {
            indexes[key]?.lastUse = indexClock
            return cached.index
        }
        let index = FirebaseOrderedIndex(location: tree.value(at: path), order: order)
        if indexes.count >= Self.maxIndexes, let oldest = indexes.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            indexes[oldest.key] = nil
        }
        indexes[key] = CachedIndex(index: index, lastUse: indexClock)
        return index
    }

    // MARK: Writes

    /// Applies a write atomically: the `if-match` check, server values, the
    /// tree, the indexes, storage and the event streams.
    func apply(_ write: FirebaseWrite) async -> Result<FirebaseWriteOutcome, FirebaseEmulatorError> {
        if let expected = write.ifMatch {
            let current = tree.value(at: write.path)
            let etag = FirebaseETag.of(current)
            guard etag == expected else { return .success(.preconditionFailed(current: current, etag: etag)) }
        }
        let sets: [(path: FirebasePath, value: JSONValue)]
        let echo: JSONValue
        do throws(FirebaseEmulatorError) {
            (sets, echo) = try resolve(write)
        } catch {
            return .failure(error)
        }
        let previousValues = valuesAboveChanges(sets.map(\.path))
        var changes: [StorageChange] = []
        for set in sets {
            if storage != nil {
                changes += FirebaseStorageCodec.changes(writing: set.value, at: set.path, over: tree)
            }
            tree.set(set.value, at: set.path)
        }
        updateIndexes(after: sets.map(\.path))
        let events = collectEvents(for: write, sets: sets, previousValues: previousValues)
        let etag = write.wantsETag ? FirebaseETag.of(tree.value(at: write.path)) : nil
        if storage == nil {
            deliver(events)
        } else {
            do {
                try await commit(changes, sets: sets, events: events)
            } catch {
                return .failure(.storageFailed(error))
            }
        }
        return .success(.written(echo: echo, etag: etag))
    }

    /// The normalized values the write sets, and what to answer.
    private func resolve(
        _ write: FirebaseWrite
    ) throws(FirebaseEmulatorError) -> ([(path: FirebasePath, value: JSONValue)], JSONValue) {
        let before = tree
        let normalizer = FirebaseNormalizer(now: write.now) { before.value(at: $0) }
        switch write.operation {
        case .set(let value):
            let normalized = try normalizer.normalize(value, at: write.path)
            return ([(write.path, normalized)], normalized)
        case .push(let value):
            let key = pushIDs.next(now: write.now)
            let path = write.path.appending(key)
            return ([(path, try normalizer.normalize(value, at: path))], ["name": .string(key)])
        case .update(let members):
            var sets: [(path: FirebasePath, value: JSONValue)] = []
            var echoed: [String: JSONValue] = [:]
            for member in members {
                let path = write.path.appending(member.path)
                let normalized = try normalizer.normalize(member.value, at: path)
                sets.append((path, normalized))
                echoed[member.key] = normalized
            }
            return (sets, .object(echoed))
        case .remove:
            return ([(write.path, .null)], .null)
        }
    }

    /// Keeps each index in step with a write: children changed below its
    /// location are re-sorted; a write at or above it drops it, to be
    /// rebuilt when next queried. Keys are copied first so that no second
    /// reference makes an index's storage copy itself.
    private func updateIndexes(after paths: [FirebasePath]) {
        for key in Array(indexes.keys) {
            var touched: Set<String> = []
            var replaced = false
            for path in paths {
                if path.isStrictlyWithin(key.path) {
                    touched.insert(path.keys[key.path.depth])
                } else if key.path.isWithin(path) {
                    replaced = true
                    break
                }
            }
            if replaced {
                indexes[key] = nil
                continue
            }
            for child in touched {
                let value = tree.value(at: key.path.appending(child))
                indexes[key]?.index.update(child: child, to: value)
            }
        }
    }

    // MARK: Storage

    private func commit(
        _ changes: [StorageChange],
        sets: [(path: FirebasePath, value: JSONValue)],
        events: [(subscription: Int, frame: Data)]
    ) async throws {
        try await withCheckedThrowingContinuation { continuation in
            pending.append(PendingCommit(changes: changes, sets: sets, events: events, continuation: continuation))
            if !isCommitting {
                isCommitting = true
                Task { await self.commitPending() }
            }
        }
    }

    /// Commits queued writes in batches, oldest first, until none are left.
    private func commitPending() async {
        while !pending.isEmpty, let storage {
            let batch = pending
            pending.removeAll()
            let changes = batch.flatMap(\.changes)
            do {
                if !changes.isEmpty {
                    try await storage.commit(changes, in: FirebaseStorageCodec.storageNamespace(of: name))
                }
                for write in batch {
                    for set in write.sets {
                        committedTree.set(set.value, at: set.path)
                    }
                    deliver(write.events)
                    write.continuation.resume()
                }
            } catch {
                for write in batch {
                    write.continuation.resume(throwing: error)
                }
                recoverFromFailedCommit()
            }
        }
        isCommitting = false
    }

    /// Storage is the truth: back to what it holds, plus the writes queued
    /// behind the failed ones (their rows are still to be committed).
    private func recoverFromFailedCommit() {
        tree = committedTree
        for write in pending {
            for set in write.sets {
                tree.set(set.value, at: set.path)
            }
        }
        indexes.removeAll()
        for id in subscriptions.keys {
            resynchronize(id)
        }
    }

    // MARK: Streams

    /// Opens an event stream on `path`: a `put` of the current value (or
    /// query result) now, then an event for every change under it.
    func subscribe(at path: FirebasePath, query: FirebaseRESTQuery?) -> AsyncStream<Data> {
        let id = nextSubscriptionID
        nextSubscriptionID += 1
        let (stream, continuation) = AsyncStream<Data>.makeStream(
            bufferingPolicy: .bufferingOldest(Self.streamBuffer))
        subscriptions[id] = Subscription(
            path: path, query: query, continuation: continuation, lastActivity: .now)
        resynchronize(id)
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(id) }
        }
        subscriptions[id]?.keepAlive = Task { [weak self] in
            while let deadline = await self?.keepAliveDeadline(for: id) {
                do {
                    try await Task.sleep(until: deadline, clock: .continuous)
                } catch {
                    return
                }
                await self?.sendKeepAliveIfQuiet(id)
            }
        }
        return stream
    }

    /// Sends a stream a `put` of everything it watches.
    private func resynchronize(_ id: Int) {
        guard let subscription = subscriptions[id] else { return }
        let data: JSONValue
        if let query = subscription.query {
            let selected = select(query, at: subscription.path)
            subscriptions[id]?.reported = selected
            data = selected.isEmpty ? .null : .object(selected)
        } else {
            data = tree.value(at: subscription.path)
        }
        deliver([(id, FirebaseEventFrame.put(.root, data))])
    }

    private func unsubscribe(_ id: Int) {
        subscriptions.removeValue(forKey: id)?.keepAlive?.cancel()
    }

    private func keepAliveDeadline(for id: Int) -> ContinuousClock.Instant? {
        subscriptions[id].map { $0.lastActivity + keepAliveInterval }
    }

    private func sendKeepAliveIfQuiet(_ id: Int) {
        guard let subscription = subscriptions[id], subscription.lastActivity + keepAliveInterval <= .now else {
            return
        }
        deliver([(id, FirebaseEventFrame.keepAlive)])
    }

    private func deliver(_ events: [(subscription: Int, frame: Data)]) {
        for (id, frame) in events {
            guard let subscription = subscriptions[id] else { continue }
            switch subscription.continuation.yield(frame) {
            case .enqueued:
                subscriptions[id]?.lastActivity = .now
            case .dropped:
                // Too far behind: end the stream rather than lose events.
                subscription.continuation.finish()
            case .terminated:
                unsubscribe(id)
            @unknown default:
                subscription.continuation.finish()
            }
        }
    }

    /// For each plain stream below a changed path, the value it saw before,
    /// so that it is told only if the change reached it.
    private func valuesAboveChanges(_ paths: [FirebasePath]) -> [Int: JSONValue] {
        var values: [Int: JSONValue] = [:]
        for (id, subscription) in subscriptions where subscription.query == nil {
            if paths.contains(where: { subscription.path.isStrictlyWithin($0) }) {
                values[id] = tree.value(at: subscription.path)
            }
        }
        return values
    }

    /// The events a write causes, stream by stream, with paths relative to
    /// each stream's location.
    private func collectEvents(
        for write: FirebaseWrite,
        sets: [(path: FirebasePath, value: JSONValue)],
        previousValues: [Int: JSONValue]
    ) -> [(subscription: Int, frame: Data)] {
        var events: [(subscription: Int, frame: Data)] = []
        for id in subscriptions.keys.sorted() {
            guard let subscription = subscriptions[id] else { continue }
            let location = subscription.path
            guard sets.contains(where: { $0.path.isWithin(location) || location.isWithin($0.path) }) else { continue }
            if let query = subscription.query {
                events += queryEvents(id, query: query).map { (subscription: id, frame: $0) }
                continue
            }
            if case .update(let members) = write.operation, write.path.isWithin(location),
                members.allSatisfy({ $0.path.depth == 1 })
            {
                var data: [String: JSONValue] = [:]
                for set in sets {
                    if let key = set.path.lastKey { data[key] = set.value }
                }
                events.append((id, FirebaseEventFrame.patch(write.path.relative(to: location), .object(data))))
                continue
            }
            for set in sets where set.path.isWithin(location) {
                events.append((id, FirebaseEventFrame.put(set.path.relative(to: location), set.value)))
            }
            if let previous = previousValues[id] {
                let current = tree.value(at: location)
                if current != previous {
                    events.append((id, FirebaseEventFrame.put(.root, current)))
                }
            }
        }
        return events
    }

    /// A query stream's events: `put null` for children that left the
    /// result, `put` for those that joined or changed.
    private func queryEvents(_ id: Int, query: FirebaseRESTQuery) -> [Data] {
        guard let subscription = subscriptions[id] else { return [] }
        let selected = select(query, at: subscription.path)
        let reported = subscription.reported
        subscriptions[id]?.reported = selected
        var frames: [Data] = []
        for key in FirebaseJSONWriter.sortedKeys(reported.keys) where selected[key] == nil {
            frames.append(FirebaseEventFrame.put(FirebasePath(keys: [key]), .null))
        }
        for key in FirebaseJSONWriter.sortedKeys(selected.keys) where selected[key] != reported[key] {
            frames.append(FirebaseEventFrame.put(FirebasePath(keys: [key]), selected[key] ?? .null))
        }
        return frames
    }
}
