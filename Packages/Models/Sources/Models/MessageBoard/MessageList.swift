import Foundation
import Networking

/// Reads a thread's `messages` in any of the shapes Firebase gives them.
///
/// Each POST stores a message under a push id, so the usual shape is an
/// object; a PUT of a whole thread stores an array, which Firebase answers as
/// an array, with `null` in the place of any element deleted since; and an
/// empty list is not stored at all.
enum MessageList {
    typealias Message = MessageThread.Message

    static func decode<Key: CodingKey>(
        from container: KeyedDecodingContainer<Key>,
        forKey key: Key,
        lossy: Bool
    ) throws -> (elements: [Message], skipped: [SkippedElement]) {
        guard container.contains(key), try !container.decodeNil(forKey: key) else { return ([], []) }
        if (try? container.nestedContainer(keyedBy: DynamicCodingKey.self, forKey: key)) != nil {
            if lossy {
                let messages = try container.decode(LossyDictionary<String, Message>.self, forKey: key)
                return (Array(messages.elements.values), messages.skipped)
            }
            return (Array(try container.decode([String: Message].self, forKey: key).values), [])
        }
        if (try? container.nestedUnkeyedContainer(forKey: key)) != nil {
            if lossy {
                let messages = try container.decode(LossyArray<Message?>.self, forKey: key)
                return (messages.elements.compactMap { $0 }, messages.skipped)
            }
            return (try container.decode([Message?].self, forKey: key).compactMap { $0 }, [])
        }
        throw DecodingError.typeMismatch(
            [String: Message].self,
            DecodingError.Context(
                codingPath: container.codingPath + [key],
                debugDescription: "Expected to decode an object of messages keyed by push id or an array "
                    + "but found \(kind(of: key, in: container)) instead."
            )
        )
    }

    private static func kind<Key: CodingKey>(of key: Key, in container: KeyedDecodingContainer<Key>) -> String {
        if (try? container.decode(Bool.self, forKey: key)) != nil { return "a boolean" }
        if (try? container.decode(Double.self, forKey: key)) != nil { return "a number" }
        if (try? container.decode(String.self, forKey: key)) != nil { return "a string" }
        return "something else"
    }
}
