import Foundation

/// Puts a client's frames back together into messages: a frame of at most
/// six digits announces how many frames the next message takes (`0`, the
/// SDKs' keep-alive, announces none), and any other frame is a message of
/// its own. A message may grow to a bounded size only.
struct FirebaseRealtimeAssembler {
    /// What a frame completed.
    enum Outcome: Equatable {
        /// A whole message.
        case message(String)
        /// Nothing yet: more frames are due, or the frame was a keep-alive.
        case pending
        /// The message would pass ``maxMessageBytes``: the connection ends.
        case tooLarge
    }

    /// The longest message taken, in UTF-8 bytes.
    let maxMessageBytes: Int
    private var remaining = 0
    private var pieces: [String] = []
    private var bytes = 0

    init(maxMessageBytes: Int) {
        self.maxMessageBytes = maxMessageBytes
    }

    /// Takes the next frame.
    mutating func add(_ frame: String) -> Outcome {
        let length = frame.utf8.count
        if remaining == 0 {
            if length <= 6, !frame.isEmpty, frame.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                let count = Int(frame)  // safe: at most six digits
            {
                remaining = count
                return .pending
            }
            guard length <= maxMessageBytes else { return .tooLarge }
            return .message(frame)
        }
        bytes += length
        guard bytes <= maxMessageBytes else {
            reset()
            return .tooLarge
        }
        pieces.append(frame)
        remaining -= 1
        guard remaining == 0 else { return .pending }
        let message = pieces.joined()
        reset()
        return .message(message)
    }

    private mutating func reset() {
        remaining = 0
        pieces = []
        bytes = 0
    }
}
