import Networking
import Synchronization

/// The observer records a test keeps: those whose event `keeps` selects.
final class KeptRecords: Sendable {
    private let records = Mutex<[NetworkLogRecord]>([])
    private let keeps: @Sendable (NetworkLogRecord.Event) -> Bool

    init(_ keeps: @escaping @Sendable (NetworkLogRecord.Event) -> Bool) {
        self.keeps = keeps
    }

    /// The records kept so far, in order.
    var all: [NetworkLogRecord] { records.withLock { $0 } }

    /// An observer that keeps the selected records.
    var observer: NetworkObserver {
        NetworkObserver { record in
            if self.keeps(record.event) { self.records.withLock { $0.append(record) } }
        }
    }
}
