import Foundation
import Networking

/// A dictionary that keeps the entries that decode, skips entries whose
/// value does not decode or whose key is not a valid `Key`, and reports each.
///
/// Firebase answers a collection as an object keyed by identifier; the Post
/// feed is `[UUID: Post]` in spirit, with the odd malformed entry:
///
/// ```swift
/// let feed = try decoder.decode(LossyDictionary<UUID, PostBody>.self, from: data)
/// feed.elements   // [UUID: PostBody]
/// feed.skipped    // [SkippedElement(key: "not-a-uuid", reason: "the key is not a valid UUID")]
/// ```
public struct LossyDictionary<Key: LossyDictionaryKey, Value: Decodable>: Decodable {
    /// The entries that decoded.
    public var elements: [Key: Value]
    /// The entries that did not, by key, with the reason.
    public var skipped: [SkippedElement]

    /// Creates a lossy dictionary from already decoded parts.
    public init(elements: [Key: Value], skipped: [SkippedElement] = []) {
        self.elements = elements
        self.skipped = skipped
    }

    /// Decodes every entry it can.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DynamicCodingKey.self)
        var elements: [Key: Value] = [:]
        var skipped: [SkippedElement] = []
        let depth = decoder.codingPath.count
        for codingKey in container.allKeys {
            guard let key = Key(codingKey: codingKey.stringValue) else {
                skipped.append(SkippedElement(key: codingKey.stringValue, reason: "the key is not a valid \(Key.self)"))
                continue
            }
            // A keyed container reads each key on its own, so a value that
            // fails leaves it usable: no `Attempt` wrapper (an extra
            // container and generic `Result` per entry) is needed here.
            do {
                elements[key] = try container.decode(Value.self, forKey: codingKey)
            } catch {
                skipped.append(SkippedElement(key: codingKey.stringValue, error: error, depth: depth))
            }
        }
        self.elements = elements
        self.skipped = skipped.sorted { $0.key < $1.key }
    }
}

extension LossyDictionary: Sendable where Key: Sendable, Value: Sendable {}
extension LossyDictionary: Equatable where Value: Equatable {}

/// A key type a ``LossyDictionary`` can read from a JSON object's keys.
public protocol LossyDictionaryKey: Hashable {
    /// The key for a JSON object key, or `nil` if the text is not a valid key.
    init?(codingKey: String)
}

extension String: LossyDictionaryKey {
    /// Every string is a valid key.
    public init?(codingKey: String) { self = codingKey }
}

extension Int: LossyDictionaryKey {
    /// Decimal integers only.
    public init?(codingKey: String) { self.init(codingKey, radix: 10) }
}

extension UUID: LossyDictionaryKey {
    /// A UUID string, in either case.
    public init?(codingKey: String) { self.init(uuidString: codingKey) }
}

/// A coding key for JSON objects whose keys are data, not a fixed schema.
public struct DynamicCodingKey: CodingKey, Sendable, Hashable {
    /// The key as text.
    public var stringValue: String
    /// The key as an integer, when it is one.
    public var intValue: Int?

    /// Creates a key from text.
    public init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = Int(stringValue)
    }

    /// Creates a key from an integer.
    public init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}
