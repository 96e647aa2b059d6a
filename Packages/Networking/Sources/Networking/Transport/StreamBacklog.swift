import Foundation

/// Counts the bytes a streaming response has delivered that its reader has
/// not yet taken, so a reader that stops reading cannot make the transport
/// buffer without end.
///
/// The body stream buffers at most ``maxChunks`` chunks; each `yield`
/// reports how many slots remain, so the chunks still waiting are the
/// newest `maxChunks − remaining`, and their sizes are the backlog. Not
/// thread-safe: its owner calls it under its own lock.
final class StreamBacklog {
    /// The most bytes allowed to wait for the reader.
    let limit: Int
    /// The most chunks allowed to wait, whatever their size.
    let maxChunks = 65_536
    private var sizes: [Int] = []
    private var oldest = 0
    private var bytes = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// Records a chunk just yielded; `false` when the reader has fallen
    /// further behind than the limits allow.
    func accept(_ result: AsyncThrowingStream<Data, any Error>.Continuation.YieldResult, size: Int) -> Bool {
        switch result {
        case .dropped:
            return false
        case .terminated:
            return true
        case .enqueued(let remaining):
            sizes.append(size)
            bytes += size
            let waiting = maxChunks - remaining
            while sizes.count - oldest > waiting {
                bytes -= sizes[oldest]
                oldest += 1
            }
            if oldest > 1024, oldest * 2 > sizes.count {
                sizes.removeFirst(oldest)
                oldest = 0
            }
            return bytes <= limit
        @unknown default:
            return false
        }
    }
}
