import Foundation
@_spi(NetworkingInternals) import Networking

/// Makes push ids the way Firebase's SDKs do: keys that sort in the order
/// they were made, so a list keyed by them is a list in time order.
///
/// A push id is 20 characters from the 64-character alphabet
/// `-0-9A-Z_a-z`, which is in ASCII order: 8 characters of the time in
/// milliseconds, most significant first, then 12 of randomness. Ids made
/// within the same millisecond reuse the previous random part plus one, so
/// they still sort in order of creation, and a millisecond can never yield
/// the same id twice. This generator also never lets time go backwards: if
/// the clock is set back, ids continue from the last one made.
///
/// ```swift
/// let key = FirebasePushIDGenerator.shared.next()       // "-NqQ4h2bW9y1Zx8aQ3tV"
/// FirebasePushIDGenerator.date(of: key)                 // when it was made
/// ```
public final class FirebasePushIDGenerator: Sendable {
    /// The generator every ``FirebaseClient`` uses unless given another, so
    /// all ids made in a process sort in the order they were made.
    public static let shared = FirebasePushIDGenerator()

    /// The 64 characters of a push id, in ASCII (and so in sort) order.
    public static let alphabet = Array("-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz")

    private let now: @Sendable () -> Date
    private let random: @Sendable () -> Int
    /// The last id's time and random part.
    private let last = LockedState(Last())

    fileprivate struct Last: Sendable {
        var time: Int64 = -1
        var random: [Int] = []
    }

    /// Creates a generator.
    ///
    /// - Parameters:
    ///   - now: The clock; injectable so tests can hold time still.
    ///   - random: Returns a number in `0..<64`; injectable for tests.
    public init(
        now: @escaping @Sendable () -> Date = { Date() },
        random: @escaping @Sendable () -> Int = { Int.random(in: 0..<64) }
    ) {
        self.now = now
        self.random = random
    }

    /// A new push id, greater than every id this generator made before.
    public func next() -> String {
        // A push id holds 48 bits of milliseconds; an injected clock may
        // say anything, so the time is clamped before it becomes an integer.
        let raw = (now().timeIntervalSince1970 * 1000).rounded(.down)
        let milliseconds = raw.isNaN ? 0 : Int64(min(max(raw, 0), Double((1 << 48) - 1)))  // safe: clamped
        // Drawn outside the lock, which calls out to nothing; used when
        // this id starts a new random part.
        let fresh = (0..<12).map { _ in random() & 63 }
        let (time, randomPart) = last.withLock { last -> (Int64, [Int]) in
            var time = max(milliseconds, 0)
            if time <= last.time {
                time = last.time
                if !last.incrementRandom() {
                    // All 12 random characters were at their maximum: move
                    // to the next millisecond rather than wrap around.
                    time += 1
                    last.random = fresh
                }
            } else {
                last.random = fresh
            }
            last.time = time
            return (time, last.random)
        }
        var characters = [Character](repeating: "-", count: 20)
        var remaining = time
        for index in stride(from: 7, through: 0, by: -1) {
            characters[index] = Self.alphabet[Int(remaining % 64)]
            remaining /= 64
        }
        for (offset, value) in randomPart.enumerated() {
            characters[8 + offset] = Self.alphabet[value]
        }
        return String(characters)
    }

    /// When a push id was made, read from its first 8 characters; `nil` if
    /// the text is not a push id.
    public static func date(of pushID: String) -> Date? {
        let characters = Array(pushID)
        guard characters.count == 20 else { return nil }
        var milliseconds: Int64 = 0
        for character in characters {
            guard alphabet.contains(character) else { return nil }
        }
        for character in characters.prefix(8) {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            milliseconds = milliseconds * 64 + Int64(value)
        }
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

}

extension FirebasePushIDGenerator.Last {
    /// Adds one to the random part, carrying from the right; `false` when
    /// it was already at its maximum.
    fileprivate mutating func incrementRandom() -> Bool {
        guard random.count == 12 else { return false }
        var index = 11
        while index >= 0, random[index] == 63 {
            random[index] = 0
            index -= 1
        }
        guard index >= 0 else { return false }
        random[index] += 1
        return true
    }
}
