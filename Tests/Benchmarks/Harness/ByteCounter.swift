import Foundation
import Networking

/// Adds up the response bytes an `NetworkClient` reports to its observers:
/// the body sizes the client really received.
final class ByteCounter: @unchecked Sendable {
    // Guarded by `lock`: observers run on whatever task made the request.
    private var total = 0
    private let lock = NSLock()

    /// An observer that counts each response's body.
    var observer: NetworkObserver {
        NetworkObserver { [self] record in
            guard case .response = record.event, let received = record.bytesReceived else { return }
            lock.withLock { total += received }
        }
    }

    /// Returns the bytes counted so far and starts again from zero.
    func take() -> Int {
        lock.withLock {
            defer { total = 0 }
            return total
        }
    }
}
