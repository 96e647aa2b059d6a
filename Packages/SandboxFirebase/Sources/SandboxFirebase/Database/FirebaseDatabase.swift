import Foundation
import Networking
import SandboxCore

/// One Firebase database (a namespace): its data, and the coordination of
/// reads, writes, storage and event streams over it. The jobs around it
/// have their own types: ``FirebaseIndexCache`` keeps the query indexes,
/// ``FirebaseStreams`` the open streams, ``FirebaseEventPlanner`` works out
/// each write's events, and a ``GroupCommit`` writes through to storage.
///
/// Writes are applied one at a time, in arrival order. With a storage, a
/// write is answered only once its rows are committed; writes that arrive
/// while a commit is in flight are committed together in the next one, and
/// their events go out in order after each commit.
actor FirebaseDatabase {
    /// The namespace.
    nonisolated let name: String

    private let keepAliveInterval: Duration
    /// The security rules every request but an administrator's meets.
    private(set) var rules: FirebaseRules
    private var tree: FirebaseTree {
        // No `oldValue`: the tree is still changed in place.
        didSet { answers.dataChanged() }
    }
    /// Plain reads' JSON, while ``tree`` is unchanged.
    private var answers = FirebaseAnswerCache()
    /// What storage holds: the tree minus the writes still being committed.
    /// A failed commit puts the database back to it.
    private var committedTree: FirebaseTree
    /// The nodes' priorities, beside the tree.
    private var priorities: FirebasePriorities
    /// The priorities storage holds, as ``committedTree``.
    private var committedPriorities: FirebasePriorities
    private var pushIDs = FirebasePushID()
    private var indexes = FirebaseIndexCache()
    private var streams = FirebaseStreams()
    private let storage: (any SandboxStorage)?
    /// Writes through to ``storage``; `nil` without one.
    private lazy var commits: GroupCommit<PendingWrite>? = makeCommits()
    /// The writes applied to ``tree`` whose commit has not ended, oldest
    /// first.
    private var uncommitted: [PendingWrite] = []
    private var nextSequence = 0

    /// A write on its way to storage: its rows, and what to do once they
    /// are committed.
    private struct PendingWrite: Sendable {
        var sequence: Int
        var changes: [StorageChange]
        var sets: [(path: FirebasePath, value: JSON)]
        var priorityChanges: [FirebasePriorities.Change]
        var events: [(stream: Int, frame: Data)]
    }

    /// Creates a database holding `tree`, writing through to `storage`.
    init(
        name: String, tree: FirebaseTree, priorities: FirebasePriorities = FirebasePriorities(), rules: FirebaseRules,
        storage: (any SandboxStorage)?, keepAliveInterval: Duration
    ) {
        self.name = name
        self.rules = rules
        self.tree = tree
        self.committedTree = tree
        self.priorities = priorities
        self.committedPriorities = priorities
        self.keepAliveInterval = keepAliveInterval
        self.storage = storage
    }

    /// Commits batches of writes to storage, then settles them here.
    private func makeCommits() -> GroupCommit<PendingWrite>? {
        guard let storage else { return nil }
        let namespace = FirebaseStorageCodec.storageNamespace(of: name)
        return GroupCommit { [weak self] batch in
            let through = batch.map(\.sequence).max() ?? -1
            let changes = batch.flatMap(\.changes)
            do {
                if !changes.isEmpty {
                    try await storage.commit(changes, in: namespace)
                }
            } catch {
                await self?.rollBack(through: through)
                throw error
            }
            await self?.didCommit(through: through)
            return batch.map { _ in .success(()) }
        }
    }

    /// Whether the database holds no data.
    var isEmpty: Bool { tree.root.isNull }

    /// The number of open event streams.
    var subscriptionCount: Int { streams.count }

    // MARK: Rules

    /// The rules' verdict on `caller` reading `path`: `nil` when allowed.
    private func denial(reading path: FirebasePath, query: FirebaseRESTQuery?, as caller: FirebaseCaller)
        -> FirebaseRuleDenial?
    {
        guard case .user(let auth) = caller, !rules.opensReads else { return nil }
        return FirebaseRuleCheck(rules: rules, auth: auth, now: Double(FirebaseEmulator.currentTime()))
            .read(path, query: query, in: tree, priorities: priorities)
    }

    /// Replaces the rules. Streams whose reader may no longer read what
    /// they watch get `cancel` and end, as the service ends them.
    func setRules(_ newRules: FirebaseRules) {
        rules = newRules
        for id in streams.ids {
            guard let stream = streams[id],
                denial(reading: stream.path, query: stream.query, as: stream.caller) != nil
            else { continue }
            streams.deliver([(id, FirebaseEventFrame.permissionRevoked)])
            end(id)
        }
    }

    /// Ends a stream the server closes: a REST stream's body ends (and its
    /// cleanup closes it); a listen is closed, and its connection stays.
    private func end(_ id: Int) {
        guard let stream = streams[id] else { return }
        if stream.listen == nil {
            stream.continuation.finish()
        } else {
            streams.close(id)
        }
    }

    // MARK: Reads

    /// The value at `path`.
    func value(at path: FirebasePath) -> JSON {
        tree.value(at: path)
    }

    /// What `caller` reads at `path`, with `query` if given, or the rules'
    /// refusal; in Firebase's export format (priorities included) when
    /// `export` is set.
    func read(
        at path: FirebasePath, query: FirebaseRESTQuery?, as caller: FirebaseCaller, export: Bool = false
    ) -> Result<JSON, FirebaseEmulatorError> {
        if let denial = denial(reading: path, query: query, as: caller) { return .failure(.permissionDenied(denial)) }
        let value = query.map { self.query($0, at: path) } ?? tree.value(at: path)
        guard export, !priorities.isEmpty else { return .success(value) }
        return .success(priorities.export(value, at: path))
    }

    /// A plain read: the value at `path`, with no query and no priorities.
    enum PlainRead: Sendable {
        /// Its compact JSON, kept from an earlier read of the same data.
        case written(Data)
        /// The value, and the state of the data it is of, under which its
        /// JSON may be kept (``keep(_:at:generation:)``).
        case value(JSON, generation: Int)
    }

    /// What `caller` reads at `path`, as JSON kept from an earlier read
    /// when the data has not changed since, or the rules' refusal.
    func plainRead(at path: FirebasePath, as caller: FirebaseCaller) -> Result<PlainRead, FirebaseEmulatorError> {
        if let denial = denial(reading: path, query: nil, as: caller) { return .failure(.permissionDenied(denial)) }
        if let answer = answers[path] { return .success(.written(answer)) }
        return .success(.value(tree.value(at: path), generation: answers.generation))
    }

    /// Keeps a plain read's compact JSON for the next read of `path`, if
    /// the data is still as of `generation`.
    func keep(_ answer: Data, at path: FirebasePath, generation: Int) {
        answers.keep(answer, at: path, from: generation)
    }

    /// The priority of the node at `path` (`null` when it has none), for
    /// `GET …/.priority.json`, or the rules' refusal.
    func priority(at path: FirebasePath, as caller: FirebaseCaller) -> Result<JSON, FirebaseEmulatorError> {
        if let denial = denial(reading: path, query: nil, as: caller) { return .failure(.permissionDenied(denial)) }
        return .success(priorities.priority(at: path) ?? .null)
    }

    /// The children of `path` a query selects, as an object (empty when none).
    func query(_ query: FirebaseRESTQuery, at path: FirebasePath) -> JSON {
        .object(select(query, at: path))
    }

    private func select(_ query: FirebaseRESTQuery, at path: FirebasePath) -> [String: JSON] {
        guard case .object(let children) = tree.value(at: path) else { return [:] }
        guard query.filters else { return children }
        let keys = indexes.index(at: path, order: query.order, in: tree, priorities: priorities).select(query)
        var selected: [String: JSON] = [:]
        selected.reserveCapacity(keys.count)
        for key in keys {
            selected[key] = children[key]
        }
        return selected
    }

    // MARK: Writes

    /// Applies a write atomically: the `if-match` check, server values, the
    /// tree, the indexes, storage and the event streams.
    func apply(
        _ write: FirebaseWrite, as caller: FirebaseCaller = .administrator
    ) async -> Result<FirebaseWriteOutcome, FirebaseEmulatorError> {
        if let precondition = write.precondition {
            let current = tree.value(at: write.path)
            switch precondition {
            case .etag(let expected):
                let etag = FirebaseETag.of(current)
                guard etag == expected else { return .success(.preconditionFailed(current: current, etag: etag)) }
            case .hash(let expected):
                guard FirebaseHash.of(priorities.export(current, at: write.path)) == expected else {
                    return .success(.preconditionFailed(current: current, etag: FirebaseETag.of(current)))
                }
            }
        }
        let resolved: Resolved
        do throws(FirebaseEmulatorError) {
            resolved = try resolve(write)
        } catch {
            return .failure(error)
        }
        let sets = resolved.sets
        let paths = sets.map(\.path)
        let previousValues = FirebaseEventPlanner.valuesAbove(paths, in: streams, tree: tree)
        var check: FirebaseRuleCheck?
        if case .user(let auth) = caller, !rules.opensWrites {
            check = FirebaseRuleCheck(rules: rules, auth: auth, now: Double(write.now))
        }
        // What each set replaced, for the rules' `data` and to put back if
        // they refuse the write.
        var replaced: [(path: FirebasePath, value: JSON)] = []
        var changes: [StorageChange] = []
        for set in sets {
            if storage != nil {
                changes += FirebaseStorageCodec.changes(writing: set.value, at: set.path, over: tree)
            }
            let old = tree.set(set.value, at: set.path)
            if check != nil || write.checksOnly { replaced.append(old) }
        }
        let previousPriorities = priorities
        let priorityChanges = self.priorityChanges(of: write, resolved)
        for change in priorityChanges {
            if storage != nil { changes += FirebaseStorageCodec.changes(for: change) }
            priorities.apply(change)
        }
        // An empty PATCH writes nothing but still needs permission to write.
        // The tree holds each set's normalized value exactly as given, so a
        // single set's value is the new data at its path.
        let checked = paths.isEmpty ? [write.path] : paths
        let denial = check?.write(
            checked,
            data: FirebaseRuleData(
                tree: tree, replaced: replaced, written: sets.count == 1 ? sets[0] : nil, priorities: priorities,
                previousPriorities: previousPriorities))
        if denial != nil || write.checksOnly {
            // Refused, or only checked: put back what the write replaced,
            // outermost last.
            for entry in replaced.reversed() {
                tree.set(entry.value, at: entry.path)
            }
            priorities = previousPriorities
            if let denial { return .failure(.permissionDenied(denial)) }
            return .success(.written(echo: .null, etag: nil))
        }
        indexes.update(after: paths + priorityChanges.map(\.path), in: tree, priorities: priorities)
        let events = FirebaseEventPlanner.events(
            for: write, sets: sets, previousValues: previousValues, streams: &streams, tree: tree,
            select: { select($0, at: $1) })
        let etag = write.wantsETag ? FirebaseETag.of(tree.value(at: write.path)) : nil
        if let commits {
            let pending = PendingWrite(
                sequence: nextSequence, changes: changes, sets: sets, priorityChanges: priorityChanges, events: events)
            nextSequence += 1
            uncommitted.append(pending)
            do {
                try await commits.submit(pending)
            } catch {
                return .failure(.storageFailed(error))
            }
        } else {
            streams.deliver(events)
        }
        return .success(.written(echo: resolved.echo, etag: etag))
    }

    /// How a write changes the priorities: those at and below each replaced
    /// node go, the written ones come, and nodes the write left empty lose
    /// theirs. A database without priorities skips all of it.
    private func priorityChanges(of write: FirebaseWrite, _ resolved: Resolved) -> [FirebasePriorities.Change] {
        var changes: [FirebasePriorities.Change] = []
        if case .setPriority(let priority) = write.operation, !tree.value(at: write.path).isNull {
            changes.append(.set(write.path, priority))
        }
        guard !priorities.isEmpty || !resolved.priorities.isEmpty else { return changes }
        for set in resolved.sets {
            if priorities.hasAny(atOrBelow: set.path) { changes.append(.clear(set.path)) }
            for ancestor in priorities.ancestors(of: set.path) where tree.value(at: ancestor).isNull {
                changes.append(.clear(ancestor))
            }
        }
        for (path, priority) in resolved.priorities {
            changes.append(.set(path, priority))
        }
        return changes
    }

    /// What a write sets, once normalized: the values, the priorities met
    /// in them, and the body to answer.
    private struct Resolved {
        var sets: [(path: FirebasePath, value: JSON)]
        var echo: JSON
        var priorities: [(path: FirebasePath, priority: JSON)] = []
    }

    /// The normalized values the write sets, and what to answer.
    private func resolve(_ write: FirebaseWrite) throws(FirebaseEmulatorError) -> Resolved {
        let before = tree
        var normalizer = FirebaseNormalizer(now: write.now) { before.value(at: $0) }
        var resolved: Resolved
        switch write.operation {
        case .set(let value):
            let normalized = try normalizer.normalize(value, at: write.path)
            resolved = Resolved(sets: [(write.path, normalized)], echo: normalized)
        case .push(let value):
            let key = pushIDs.next(now: write.now)
            let path = write.path.appending(key)
            resolved = Resolved(sets: [(path, try normalizer.normalize(value, at: path))], echo: ["name": .string(key)])
        case .update(let members):
            var sets: [(path: FirebasePath, value: JSON)] = []
            var echoed: [String: JSON] = [:]
            for member in members {
                let path = write.path.appending(member.path)
                let normalized = try normalizer.normalize(member.value, at: path)
                sets.append((path, normalized))
                echoed[member.key] = normalized
            }
            resolved = Resolved(sets: sets, echo: .object(echoed))
        case .remove:
            resolved = Resolved(sets: [(write.path, .null)], echo: .null)
        case .setPriority(let priority):
            guard FirebasePriorities.isValid(priority) else { throw .invalidPriority }
            resolved = Resolved(sets: [], echo: priority)
        }
        resolved.priorities = normalizer.priorities
        return resolved
    }

    // MARK: Storage

    /// The writes up to `sequence` are stored: storage now holds them, and
    /// their events go out, in order.
    private func didCommit(through sequence: Int) {
        while let write = uncommitted.first, write.sequence <= sequence {
            uncommitted.removeFirst()
            for set in write.sets {
                committedTree.set(set.value, at: set.path)
            }
            for change in write.priorityChanges {
                committedPriorities.apply(change)
            }
            streams.deliver(write.events)
        }
    }

    /// The writes up to `sequence` failed to commit. Storage is the truth:
    /// back to what it holds, plus the writes queued behind the failed ones
    /// (their rows are still to be committed).
    private func rollBack(through sequence: Int) {
        uncommitted.removeAll { $0.sequence <= sequence }
        tree = committedTree
        priorities = committedPriorities
        for write in uncommitted {
            for set in write.sets {
                tree.set(set.value, at: set.path)
            }
            for change in write.priorityChanges {
                priorities.apply(change)
            }
        }
        indexes.removeAll()
        for id in streams.ids {
            resynchronize(id)
        }
    }

    // MARK: Streams

    /// Opens an event stream on `path`: a `put` of the current value (or
    /// query result) now, then an event for every change under it.
    /// `onEnd` runs once the stream has ended.
    func subscribe(
        at path: FirebasePath, query: FirebaseRESTQuery?, as caller: FirebaseCaller = .administrator,
        onEnd: @escaping @Sendable () -> Void = {}
    ) -> Result<SandboxStream, FirebaseEmulatorError> {
        if let denial = denial(reading: path, query: query, as: caller) {
            onEnd()
            return .failure(.permissionDenied(denial))
        }
        let (id, events) = streams.open(at: path, query: query, caller: caller)
        resynchronize(id)
        streams[id]?.continuation.onTermination = { [weak self] in
            Task {
                await self?.unsubscribe(id)
                onEnd()
            }
        }
        streams.setKeepAlive(
            Task { [weak self] in
                while let deadline = await self?.keepAliveDeadline(for: id) {
                    do {
                        try await Task.sleep(until: deadline, clock: .continuous)
                    } catch {
                        return
                    }
                    await self?.sendKeepAliveIfQuiet(id)
                }
            }, for: id)
        return .success(events)
    }

    /// Opens a listen of a realtime connection on `path`: as
    /// ``subscribe(at:query:as:onEnd:)``, but its events go through
    /// `listen` into the connection's stream, and the client keeps the
    /// connection alive. Returns the listen's id, for
    /// ``unlisten(_:)``.
    func listen(
        at path: FirebasePath, query: FirebaseRESTQuery?, as caller: FirebaseCaller, listen: FirebaseRealtimeListen
    ) -> Result<Int, FirebaseEmulatorError> {
        if let denial = denial(reading: path, query: query, as: caller) {
            return .failure(.permissionDenied(denial))
        }
        let id = streams.open(at: path, query: query, caller: caller, listen: listen)
        resynchronize(id)
        return .success(id)
    }

    /// Closes a listen; one already closed is left as it is.
    func unlisten(_ id: Int) {
        streams.close(id)
    }

    /// Sends a stream a `put` of everything it watches.
    private func resynchronize(_ id: Int) {
        guard let stream = streams[id] else { return }
        let data: JSON
        if let query = stream.query {
            let selected = select(query, at: stream.path)
            streams.setReported(selected, for: id)
            data = selected.isEmpty ? .null : .object(selected)
        } else {
            data = tree.value(at: stream.path)
        }
        streams.deliver([(id, FirebaseEventFrame.put(.root, data))])
    }

    private func unsubscribe(_ id: Int) {
        streams.close(id)
    }

    /// When the stream next needs attention: its keep-alive, or the moment
    /// its reader's ID token expires, whichever comes first.
    private func keepAliveDeadline(for id: Int) -> ContinuousClock.Instant? {
        guard let keepAlive = streams.keepAliveDeadline(for: id, interval: keepAliveInterval) else { return nil }
        guard let expiry = tokenExpiry(of: id) else { return keepAlive }
        return min(keepAlive, expiry)
    }

    /// The instant the ID token of a stream's reader expires, if it has one.
    private func tokenExpiry(of id: Int) -> ContinuousClock.Instant? {
        guard case .user(let auth)? = streams[id]?.caller,
            let expiry = auth["token"]?["exp"]?.numberValue, expiry.isFinite
        else { return nil }
        // Seconds from now, bounded to a day so the conversion cannot trap.
        let seconds = min(max(expiry - Date().timeIntervalSince1970, 0), 86_400)
        return .now + .milliseconds(Int64((seconds * 1000).rounded(.up)))  // safe: bounded above
    }

    private func sendKeepAliveIfQuiet(_ id: Int) {
        if let expiry = tokenExpiry(of: id), expiry <= .now, streams[id] != nil {
            streams.deliver([(id, FirebaseEventFrame.authRevoked)])
            end(id)
            return
        }
        guard let deadline = streams.keepAliveDeadline(for: id, interval: keepAliveInterval), deadline <= .now
        else { return }
        streams.deliver([(id, FirebaseEventFrame.keepAlive)])
    }
}
