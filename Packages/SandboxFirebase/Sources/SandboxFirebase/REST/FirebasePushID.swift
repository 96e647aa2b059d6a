import Foundation
import SandboxCore

/// Firebase's push ids, as its published generator makes them: 20 characters
/// from `-0-9A-Z_a-z` (in ASCII order), 8 encoding the time in milliseconds
/// and 12 random, so that sorting ids sorts them by creation.
///
/// Within one millisecond the random part is incremented instead of drawn
/// again, so ids stay strictly increasing; if the clock steps back, the last
/// time is kept for the same reason.
struct FirebasePushID {
    /// The 64 characters, in ASCII order.
    static let alphabet = Array("-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz".utf8)

    private var lastTime: Int64 = .min
    private var lastRandom = [Int](repeating: 0, count: 12)

    /// The next id for a push at `now` (milliseconds since 1970).
    mutating func next(now: Int64) -> String {
        var generator = SystemRandomNumberGenerator()
        return next(now: now, using: &generator)
    }

    /// The next id, drawing randomness from `generator`.
    mutating func next(now: Int64, using generator: inout some RandomNumberGenerator) -> String {
        var time = max(now, lastTime)
        if time == lastTime, let carry = lastRandom.lastIndex(where: { $0 < 63 }) {
            lastRandom[carry] += 1
            for index in (carry + 1)..<lastRandom.count {
                lastRandom[index] = 0
            }
        } else {
            // A new millisecond, or (after 64^12 ids in one) the next one.
            if time == lastTime { time += 1 }
            lastRandom = (0..<12).map { _ in Int.random(in: 0..<64, using: &generator) }
        }
        lastTime = time
        var characters = [UInt8](repeating: 0, count: 20)
        var remaining = time
        for index in stride(from: 7, through: 0, by: -1) {
            characters[index] = Self.alphabet[Int(remaining & 63)]
            remaining >>= 6
        }
        for (offset, digit) in lastRandom.enumerated() {
            characters[8 + offset] = Self.alphabet[digit]
        }
        return String(decoding: characters, as: UTF8.self)
    }
}
