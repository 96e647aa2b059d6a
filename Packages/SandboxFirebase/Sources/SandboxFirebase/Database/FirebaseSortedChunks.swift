import Foundation
import SandboxCore

/// A sorted collection kept as a list of small sorted arrays: insertion and
/// removal cost a binary search plus a shift inside one chunk, so an index
/// over 100,000 children stays cheap to maintain on every write, and a range
/// is found by binary search instead of sorting.
struct FirebaseSortedChunks<Element: Comparable> {
    /// Where an element is: its chunk and its offset in it. The end is
    /// `(chunks.count, 0)`.
    struct Position: Comparable {
        var chunk: Int
        var offset: Int

        static func < (lhs: Position, rhs: Position) -> Bool {
            (lhs.chunk, lhs.offset) < (rhs.chunk, rhs.offset)
        }
    }

    /// Chunks split when they grow past this, and are built at half of it.
    private static var maxChunkCount: Int { 1024 }

    private var chunks: [[Element]] = []

    /// The number of elements.
    private(set) var count = 0

    /// Creates the collection from elements in ascending order.
    init(sorted elements: [Element]) {
        count = elements.count
        let size = Self.maxChunkCount / 2
        chunks = stride(from: 0, to: elements.count, by: size).map {
            Array(elements[$0..<min($0 + size, elements.count)])
        }
    }

    /// The position of the first element.
    var startPosition: Position { Position(chunk: 0, offset: 0) }

    /// The position after the last element.
    var endPosition: Position { Position(chunk: chunks.count, offset: 0) }

    /// The position of the first element for which `isBefore` is false;
    /// `isBefore` must hold for a prefix of the elements and no others.
    func partitionPoint(_ isBefore: (Element) -> Bool) -> Position {
        var low = 0
        var high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            if let last = chunks[middle].last, isBefore(last) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        guard low < chunks.count else { return endPosition }
        let chunk = chunks[low]
        var first = 0
        var last = chunk.count
        while first < last {
            let middle = (first + last) / 2
            if isBefore(chunk[middle]) { first = middle + 1 } else { last = middle }
        }
        return Position(chunk: low, offset: first)
    }

    /// Inserts an element in order.
    mutating func insert(_ element: Element) {
        count += 1
        guard !chunks.isEmpty else {
            chunks = [[element]]
            return
        }
        var position = partitionPoint { $0 < element }
        if position.chunk == chunks.count {
            position = Position(chunk: chunks.count - 1, offset: chunks[chunks.count - 1].count)
        }
        chunks[position.chunk].insert(element, at: position.offset)
        if chunks[position.chunk].count > Self.maxChunkCount {
            let upper = Array(chunks[position.chunk][(Self.maxChunkCount / 2)...])
            chunks[position.chunk].removeSubrange((Self.maxChunkCount / 2)...)
            chunks.insert(upper, at: position.chunk + 1)
        }
    }

    /// Removes an element equal to `element`, if there is one.
    mutating func remove(_ element: Element) {
        let position = partitionPoint { $0 < element }
        guard position.chunk < chunks.count, chunks[position.chunk][position.offset] == element else { return }
        count -= 1
        chunks[position.chunk].remove(at: position.offset)
        if chunks[position.chunk].isEmpty {
            chunks.remove(at: position.chunk)
        }
    }

    /// Up to `limit` elements from `lower` (inclusive) towards `upper`
    /// (exclusive), in ascending order.
    func prefix(_ limit: Int, from lower: Position, to upper: Position) -> [Element] {
        var elements: [Element] = []
        var position = lower
        while position < upper, elements.count < limit {
            elements.append(chunks[position.chunk][position.offset])
            position.offset += 1
            if position.offset == chunks[position.chunk].count {
                position = Position(chunk: position.chunk + 1, offset: 0)
            }
        }
        return elements
    }

    /// Up to `limit` elements ending just before `upper`, no earlier than
    /// `lower`, in ascending order.
    func suffix(_ limit: Int, from lower: Position, to upper: Position) -> [Element] {
        var elements: [Element] = []
        var position = upper
        while lower < position, elements.count < limit {
            if position.offset > 0 {
                position.offset -= 1
            } else {
                position.chunk -= 1
                position.offset = chunks[position.chunk].count - 1
            }
            elements.append(chunks[position.chunk][position.offset])
        }
        return elements.reversed()
    }
}
