import Foundation

/// The compact JSON of plain reads, by path, kept until the data changes:
/// a location read again and again (a feed a client polls, an item it
/// opens) is written out once per change of the data, not once per read.
///
/// Bounded: an answer over ``maxAnswerBytes`` is never kept, and the cache
/// is emptied before it would hold more than ``maxTotalBytes``.
struct FirebaseAnswerCache {
    /// The largest answer kept.
    static let maxAnswerBytes = 64 << 10
    /// The most bytes kept over all answers.
    static let maxTotalBytes = 1 << 20

    /// Which state of the data the kept answers are of. It moves on with
    /// every change, so an answer written from an older value, while the
    /// data changed, is not kept.
    private(set) var generation = 0
    private var answers: [FirebasePath: Data] = [:]
    private var totalBytes = 0

    /// Whether an answer is small enough to keep: a caller asks before
    /// handing it over, which for a large answer would be for nothing.
    static func admits(_ answer: Data) -> Bool {
        answer.count <= maxAnswerBytes
    }

    /// The answer kept for `path`, if the data has not changed since.
    subscript(path: FirebasePath) -> Data? {
        answers[path]
    }

    /// Forgets every answer: the data changed.
    mutating func dataChanged() {
        generation &+= 1
        if !answers.isEmpty {
            removeAll()
        }
    }

    /// Keeps `answer` for `path` if it was written from the data as of
    /// `generation`, still the current one, and fits the bounds.
    mutating func keep(_ answer: Data, at path: FirebasePath, from generation: Int) {
        guard generation == self.generation, Self.admits(answer) else { return }
        if totalBytes + answer.count > Self.maxTotalBytes {
            removeAll()
        }
        if let replaced = answers.updateValue(answer, forKey: path) {
            totalBytes -= replaced.count
        }
        totalBytes += answer.count
    }

    private mutating func removeAll() {
        answers = [:]
        totalBytes = 0
    }
}
