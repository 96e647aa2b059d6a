import FirebaseClient
import Foundation
import Testing

@Suite("Push ids")
struct PushIDTests {
    @Test("20 characters of Firebase's alphabet, starting with the time")
    func format() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000.123)
        let generator = FirebasePushIDGenerator(now: { date })
        let id = generator.next()
        #expect(id.count == 20)
        #expect(id.allSatisfy { FirebasePushIDGenerator.alphabet.contains($0) })
        let decoded = try #require(FirebasePushIDGenerator.date(of: id))
        #expect(abs(decoded.timeIntervalSince1970 - 1_700_000_000.123) < 0.001)
    }

    @Test("Ids made in the same millisecond increase by one in the random part")
    func monotonicWithinAMillisecond() {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let generator = FirebasePushIDGenerator(now: { date }, random: { 5 })
        let ids = (0..<1000).map { _ in generator.next() }
        #expect(ids == ids.sorted())
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.prefix(8) == ids[0].prefix(8) })
        #expect(ids[1].suffix(12) == "44444444444" + "5")
    }

    @Test("A random part at its maximum carries into the next millisecond instead of wrapping")
    func overflowMovesTimeForward() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let generator = FirebasePushIDGenerator(now: { date }, random: { 63 })
        let first = generator.next()
        let second = generator.next()
        #expect(first < second)
        #expect(first.suffix(12) == String(repeating: "z", count: 12))
        let firstDate = try #require(FirebasePushIDGenerator.date(of: first))
        let secondDate = try #require(FirebasePushIDGenerator.date(of: second))
        #expect(abs(secondDate.timeIntervalSince(firstDate) - 0.001) < 0.000_1)
    }

    @Test("Ids keep increasing when the clock goes backwards")
    func clockGoingBack() {
        let times = LockedTimes([2000, 1000, 1000])
        let generator = FirebasePushIDGenerator(now: { Date(timeIntervalSince1970: times.next()) })
        let ids = (0..<3).map { _ in generator.next() }
        #expect(ids == ids.sorted())
        #expect(Set(ids).count == 3)
    }

    @Test("Ids sort by creation time across milliseconds, as Firebase's keys do")
    func sortsByTime() {
        let ids = (0..<200).map { index in
            FirebasePushIDGenerator(now: { Date(timeIntervalSince1970: 1_600_000_000 + Double(index) * 0.37) }).next()
        }
        #expect(ids == ids.sorted())
    }

    @Test("Text that is not a push id has no date")
    func notAPushID() {
        #expect(FirebasePushIDGenerator.date(of: "short") == nil)
        #expect(FirebasePushIDGenerator.date(of: String(repeating: "!", count: 20)) == nil)
    }
}

/// Hands out times in turn; the generator may call its clock from any thread.
private final class LockedTimes: @unchecked Sendable {
    private let lock = NSLock()
    private var times: [Double]

    init(_ times: [Double]) {
        self.times = times
    }

    func next() -> Double {
        lock.withLock { times.count > 1 ? times.removeFirst() : times[0] }
    }
}

extension PushIDTests {
    @Test("A clock far out of range makes ids without trapping, still in order")
    func hostileClock() {
        for seconds in [1e300, -1e300, Double.infinity, -Double.infinity, Double.nan] {
            let generator = FirebasePushIDGenerator(now: { Date(timeIntervalSince1970: seconds) })
            let first = generator.next()
            let second = generator.next()
            #expect(first.count == 20)
            #expect(first < second, "\(seconds)")
        }
    }
}
