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

    private static func frame(_ name: String, _ data: Data) -> Data {
        var frame = Data("event: \(name)\ndata: ".utf8)
        frame.append(data)
        frame.append(contentsOf: "\n\n".utf8)
        return frame
    }
}
