import Foundation
import Networking
import SandboxCore

/// The messages of the Realtime Database's protocol (version 5) a server
/// sends, as Firebase's SDKs read them: control messages
/// (`{"t":"c","d":{"t":…,"d":…}}`) and data messages
/// (`{"t":"d","d":{…}}`), split into frames of at most 16,384 bytes.
enum FirebaseRealtimeMessage {
    /// The largest frame either side sends; a longer message goes as a
    /// frame holding the number of frames, then the frames.
    static let maxFrameSize = 16_384

    /// The handshake that opens a connection: the server's time, the
    /// protocol version, the host the client should keep using, and the
    /// session's id.
    static func hello(now: Int64, host: String, sessionID: String) -> Data {
        let handshake: JSON = [
            "ts": .number(Double(now)), "v": "5", "h": .string(host), "s": .string(sessionID),
        ]
        return control("h", handshake)
    }

    /// The answer to a client's ping.
    static let pong = control("o", [:])

    /// A control message of type `type`.
    static func control(_ type: String, _ data: JSON) -> Data {
        FirebaseJSONWriter.data(["t": "c", "d": ["t": .string(type), "d": data]])
    }

    /// The answer to request `number`: its status (`ok`,
    /// `permission_denied`, `datastale`, …) and data.
    static func response(to number: Int, status: String, data: JSON) -> Data {
        FirebaseJSONWriter.data([
            "t": "d", "d": ["r": .number(Double(number)), "b": ["s": .string(status), "d": data]],
        ])
    }

    /// A data push: `d` sets the data at `path`, `m` merges its children;
    /// `data` is JSON as written, `tag` the query's tag when it is for one.
    static func push(merge: Bool, path: FirebasePath, data: Data, tag: Int?) -> Data {
        var message = Data(#"{"t":"d","d":{"a":"#.utf8)
        message.append(contentsOf: (merge ? #""m""# : #""d""#).utf8)
        message.append(contentsOf: #","b":{"p":"#.utf8)
        message.append(FirebaseJSONWriter.data(.string(path.keys.joined(separator: "/"))))
        message.append(contentsOf: #","d":"#.utf8)
        message.append(data)
        if let tag { message.append(contentsOf: #","t":\#(tag)"#.utf8) }
        message.append(contentsOf: "}}}".utf8)
        return message
    }

    /// The server ended a listen (`c`): the rules no longer let its reader
    /// read it. `query` is the listen's query object, for a tagged listen.
    static func listenRevoked(path: FirebasePath, query: JSON?) -> Data {
        var body: [String: JSON] = ["p": .string(path.keys.joined(separator: "/"))]
        // The SDKs read the query as a list of query objects.
        if let query { body["q"] = [query] }
        return FirebaseJSONWriter.data(["t": "d", "d": ["a": "c", "b": .object(body)]])
    }

    /// Queues the frames of `message` on `outbound`, stopping at the first
    /// it does not take; what became of the last one.
    static func send(_ message: Data, to outbound: SandboxStream.Continuation) -> SandboxStream.YieldResult {
        var result = SandboxStream.YieldResult.enqueued
        for frame in frames(of: message) where result == .enqueued {
            result = outbound.yield(frame)
        }
        return result
    }

    /// The frames that carry `message`: itself when it fits in one, else a
    /// frame holding the count, then the pieces, each cut on a character
    /// boundary so that every frame is valid UTF-8 text.
    static func frames(of message: Data) -> [Data] {
        guard message.count > maxFrameSize else { return [message] }
        var pieces: [Data] = []
        var start = message.startIndex
        while start < message.endIndex {
            var end = min(start + maxFrameSize, message.endIndex)
            // Back off continuation bytes (10xxxxxx) to the start of a character.
            while end < message.endIndex, end > start, message[end] & 0xC0 == 0x80 { end -= 1 }
            pieces.append(message[start..<end])
            start = end
        }
        return [Data(String(pieces.count).utf8)] + pieces
    }
}
