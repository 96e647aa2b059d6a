import Foundation
import Models
import Networking
import Sandbox

/// Deterministic posts shaped like lesson 2's feed, for the decoding, query
/// and paging benchmarks: same input on every run, so runs compare.
enum PostFixtures {
    /// The `index`th post's key and body. Keys are UUIDs as the lesson
    /// makes them; timestamps are distinct and increase with the index.
    static func post(_ index: Int) -> (key: String, body: Post.Body) {
        let hex = String(index, radix: 16)
        let key = "6F9619FF-8B86-4D11-B42D-" + String(repeating: "0", count: max(0, 12 - hex.count)) + hex
        let body = Post.Body(
            username: "user\(index % 97)",
            text: "Post number \(index): a sentence or two, as people write on the feed.",
            timestamp: 1_700_000_000 + Double(index) * 0.75
        )
        return (key, body)
    }

    /// `count` posts as the JSON object Firebase answers for `posts.json`.
    static func feedData(count: Int) throws -> Data {
        var object: [String: Post.Body] = [:]
        object.reserveCapacity(count)
        for index in 0..<count {
            let (key, body) = post(index)
            object[key] = body
        }
        return try JSONEncoder().encode(object)
    }

    /// The same posts as a Sandbox value, for seeding the emulator directly.
    static func feedValue(count: Int) -> JSON {
        var members: [String: JSON] = [:]
        members.reserveCapacity(count)
        for index in 0..<count {
            let (key, body) = post(index)
            members[key] = [
                "username": .string(body.username), "text": .string(body.text), "timestamp": .number(body.timestamp),
            ]
        }
        return .object(members)
    }
}
