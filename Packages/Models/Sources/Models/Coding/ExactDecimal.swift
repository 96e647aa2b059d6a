import Foundation

/// Reads JSON numbers as exact `Decimal`s on every Foundation.
///
/// swift-foundation's decoder reads a `Decimal` from the number's digits.
/// Older Foundations read a `Double` and convert it, which adds binary noise
/// (`1234567.89` becomes `1234567.8899999997952`). Reading the same number
/// as a `Double` too tells the two apart: see ``exact(decoded:double:)``.
enum ExactDecimal {
    /// The most significant digits a `Double` can tell apart.
    static let doubleDigits = 17

    static func decode<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> Decimal {
        let decoded = try container.decode(Decimal.self, forKey: key)
        guard let double = try? container.decode(Double.self, forKey: key) else { return decoded }
        return exact(decoded: decoded, double: double)
    }

    /// `decoded`, unless it has more digits than a `Double` holds and rounds
    /// to `double` anyway: then those digits are conversion noise, and the
    /// shortest decimal that round-trips `double` (Swift's `description`) is
    /// what the JSON said.
    static func exact(decoded: Decimal, double: Double) -> Decimal {
        guard double.isFinite, significantDigits(of: decoded) > doubleDigits,
            Double(decoded.description) == double,
            let shortest = Decimal(string: double.description, locale: Locale(identifier: "en_US_POSIX"))
        else { return decoded }
        return shortest
    }

    /// The digits of `value` between its first and last non-zero digit.
    static func significantDigits(of value: Decimal) -> Int {
        let digits = value.description.utf8.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        guard let first = digits.firstIndex(where: { $0 != UInt8(ascii: "0") }),
            let last = digits.lastIndex(where: { $0 != UInt8(ascii: "0") })
        else { return 0 }
        return last - first + 1
    }
}
