import Foundation
import SandboxCore

/// Airtable's object ids: a three-letter prefix (`app`, `tbl`, `fld`, `viw`,
/// `rec`, `att`, `sel`) and 14 ASCII letters and digits.
enum AirtableID {
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    /// A random id.
    static func make(_ prefix: String) -> String {
        var generator = SystemRandomNumberGenerator()
        return prefix + String((0..<14).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] })
    }

    /// A stable id derived from `seed`, for seeded objects that must keep
    /// their ids across restarts without being stored.
    static func derived(_ prefix: String, from seed: String) -> String {
        var high = fnv1a(seed, basis: 0xcbf2_9ce4_8422_2325)
        var low = fnv1a(seed, basis: 0x8422_2325_cbf2_9ce4)
        var characters: [Character] = []
        for index in 0..<14 {
            let count = UInt64(alphabet.count)
            if index < 7 {
                characters.append(alphabet[Int(high % count)])
                high /= count
            } else {
                characters.append(alphabet[Int(low % count)])
                low /= count
            }
        }
        return prefix + String(characters)
    }

    /// Whether `text` is `prefix` followed by 14 letters and digits.
    static func isValid(_ text: String, prefix: String) -> Bool {
        guard text.hasPrefix(prefix) else { return false }
        let rest = text.utf8.dropFirst(prefix.utf8.count)
        return rest.count == 14
            && rest.allSatisfy { byte in
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            }
    }

    private static func fnv1a(_ text: String, basis: UInt64) -> UInt64 {
        var hash = basis
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}

/// Airtable's timestamps: ISO 8601 in UTC with milliseconds,
/// `2015-02-10T20:57:11.000Z`.
enum AirtableTimestamp {
    static func now() -> String {
        format(Date())
    }

    static func format(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt))
    }
}
