import Foundation
import Networking
import SandboxCore

/// The server-sent events of Firebase's streaming REST API, framed for the
/// wire: `event: put` and `event: patch` carry `{"path":…,"data":…}` with a
/// path relative to the streamed location; `keep-alive` carries `null`;
/// `cancel` a reason.
enum FirebaseEventFrame {
    /// `put`: replace the data at `path` (relative to the stream) with `data`.
    static func put(_ path: FirebasePath, _ data: JSON) -> Data {
        frame("put", payload(path, data))
    }

    /// `patch`: for each key of `data`, replace that child of `path`.
    static func patch(_ path: FirebasePath, _ data: JSON) -> Data {
        frame("patch", payload(path, data))
    }

    /// `cancel`: the stream ends, for the reason given (a JSON string), as
    /// Firebase ends a stream its reader can no longer have.
    static func cancel(_ reason: String) -> Data {
        frame("cancel", FirebaseJSONWriter.data(.string(reason)))
    }

    /// `cancel` with `null`: the rules no longer let the reader read what
    /// the stream watches, as the REST streaming reference describes it.
    static let permissionRevoked = frame("cancel", Data("null".utf8))

    /// `auth_revoked`: the reader's ID token expired; the stream ends, and
    /// the reader reconnects with a fresh token, as the REST streaming
    /// reference describes it.
    static let authRevoked = frame("auth_revoked", Data(#""credential is no longer valid""#.utf8))

    /// `keep-alive`, sent when a stream has been quiet for the configured
    /// interval so that clients and proxies know it is still open.
    static let keepAlive = frame("keep-alive", Data("null".utf8))

    /// `path` first, as Firebase writes it.
    private static func payload(_ path: FirebasePath, _ data: JSON) -> Data {
        var payload = Data(#"{"path":"#.utf8)
        payload.append(FirebaseJSONWriter.data(.string(path.description)))
        payload.append(contentsOf: #","data":"#.utf8)
        payload.append(FirebaseJSONWriter.data(data))
        payload.append(UInt8(ascii: "}"))
        return payload
    }

    /// A frame written here, read back: the event's name, and for `put`
    /// and `patch` the relative path and the data's JSON as written. The
    /// Realtime Database's protocol carries the same events
    /// (``FirebaseRealtimeListen``), so a write is still encoded once.
    static func parse(_ frame: Data) -> (event: String, path: FirebasePath?, data: Data)? {
        let bytes = [UInt8](frame)
        let eventPrefix = Array("event: ".utf8)
        guard bytes.starts(with: eventPrefix), let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else {
            return nil
        }
        let event = String(decoding: bytes[eventPrefix.count..<newline], as: UTF8.self)
        let dataStart = newline + 1 + "data: ".utf8.count
        // `data: …` then the blank line.
        guard dataStart <= bytes.count - 2 else { return nil }
        let payload = bytes[dataStart..<(bytes.count - 2)]
        let pathPrefix = Array(#"{"path":"#.utf8)
        guard event == "put" || event == "patch", payload.starts(with: pathPrefix) else {
            return (event, nil, Data(payload))
        }
        // The path is a JSON string: it ends at the first quote no
        // backslash escapes.
        var index = payload.startIndex + pathPrefix.count + 1
        while index < payload.endIndex, payload[index] != UInt8(ascii: "\"") {
            index += payload[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        let dataPrefix = Array(#","data":"#.utf8)
        guard index < payload.endIndex,
            case .string(let path)? = try? JSON.parse(Data(payload[(payload.startIndex + pathPrefix.count)...index])),
            payload[(index + 1)...].starts(with: dataPrefix)
        else { return nil }
        let data = payload[(index + 1 + dataPrefix.count)..<(payload.endIndex - 1)]
        return (event, FirebasePath(relative: path), Data(data))
    }

    private static func frame(_ name: String, _ data: Data) -> Data {
        var frame = Data("event: \(name)\ndata: ".utf8)
        frame.append(data)
        frame.append(contentsOf: "\n\n".utf8)
        return frame
    }
}
