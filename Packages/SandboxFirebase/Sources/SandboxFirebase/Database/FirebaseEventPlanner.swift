import Foundation
import Networking
import SandboxCore

/// Works out which events a write sends to each open stream, with paths
/// relative to the stream's location: a `patch` for an update of direct
/// children, a `put` per value set below it, a `put` of the whole location
/// when a write above it changed it, and for a query stream the children
/// that left, joined or changed its result.
enum FirebaseEventPlanner {
    /// Selects the children of a location a query keeps.
    typealias Select = (FirebaseRESTQuery, FirebasePath) -> [String: JSON]

    /// For each plain stream below a changed path, the value it saw before
    /// the write, so that it is told only if the change reached it.
    static func valuesAbove(
        _ paths: [FirebasePath], in streams: FirebaseStreams, tree: FirebaseTree
    ) -> [Int: JSON] {
        var values: [Int: JSON] = [:]
        for id in streams.ids {
            guard let stream = streams[id], stream.query == nil else { continue }
            if paths.contains(where: { stream.path.isStrictlyWithin($0) }) {
                values[id] = tree.value(at: stream.path)
            }
        }
        return values
    }

    /// The events `write`, which set `sets`, causes, stream by stream in the
    /// order they were opened; `tree` is the data after the write.
    static func events(
        for write: FirebaseWrite,
        sets: [(path: FirebasePath, value: JSON)],
        previousValues: [Int: JSON],
        streams: inout FirebaseStreams,
        tree: FirebaseTree,
        select: Select
    ) -> [(stream: Int, frame: Data)] {
        var events: [(stream: Int, frame: Data)] = []
        // Streams at one location get the same frames: each is encoded once
        // and shared (`Data` is copied on write), so a write costs one
        // encoding however many readers listen, and their queues hold one
        // buffer between them.
        var shared: [String: Data] = [:]
        func frame(_ key: String, _ make: () -> Data) -> Data {
            if let made = shared[key] { return made }
            let made = make()
            shared[key] = made
            return made
        }
        for id in streams.ids {
            guard let stream = streams[id] else { continue }
            let location = stream.path
            guard sets.contains(where: { $0.path.isWithin(location) || location.isWithin($0.path) }) else { continue }
            if let query = stream.query {
                let selected = select(query, location)
                events += queryFrames(reported: stream.reported, selected: selected).map { (stream: id, frame: $0) }
                streams.setReported(selected, for: id)
                continue
            }
            if case .update(let members) = write.operation, write.path.isWithin(location),
                members.allSatisfy({ $0.path.depth == 1 })
            {
                var data: [String: JSON] = [:]
                for set in sets {
                    if let key = set.path.lastKey { data[key] = set.value }
                }
                let relative = write.path.relative(to: location)
                events.append(
                    (id, frame("patch \(relative)") { FirebaseEventFrame.patch(relative, .object(data)) }))
                continue
            }
            for (index, set) in sets.enumerated() where set.path.isWithin(location) {
                let relative = set.path.relative(to: location)
                events.append((id, frame("put \(index) \(relative)") { FirebaseEventFrame.put(relative, set.value) }))
            }
            if let previous = previousValues[id] {
                let current = tree.value(at: location)
                if current != previous {
                    events.append((id, frame("root \(location)") { FirebaseEventFrame.put(.root, current) }))
                }
            }
        }
        return events
    }

    /// A query stream's frames: `put null` for children that left the
    /// result, `put` for those that joined or changed.
    private static func queryFrames(reported: [String: JSON], selected: [String: JSON]) -> [Data] {
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
