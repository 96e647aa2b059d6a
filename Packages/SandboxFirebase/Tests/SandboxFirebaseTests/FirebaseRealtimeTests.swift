import Foundation
import Networking
import SandboxCore
import Testing

@testable import SandboxFirebase

@Suite("Firebase's realtime protocol in process: listens, writes, transactions, onDisconnect, auth, frames")
struct FirebaseRealtimeTests {
    private static let owner: HeaderFields = ["Authorization": "Bearer owner"]

    private static func ok(_ answer: JSON, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(FirebaseRealtimeClient.status(answer) == "ok", "\(answer)", sourceLocation: sourceLocation)
    }

    @Test("The handshake gives the server's time, version 5, the host to keep and a session id")
    func handshake() async throws {
        let client = try await FirebaseRealtimeClient(try await FirebaseHarness().firebase)
        let hello = await client.hello
        #expect(hello["t"] == "c")
        #expect(hello["d"]?["t"] == "h")
        let handshake = try #require(hello["d"]?["d"])
        #expect(handshake["v"] == "5")
        #expect(handshake["h"] == "127.0.0.1:9000")
        #expect(handshake["s"]?.stringValue?.isEmpty == false)
        let now = Date().timeIntervalSince1970 * 1000
        #expect(abs((handshake["ts"]?.numberValue ?? 0) - now) < 60_000)
        await client.send(["t": "c", "d": ["t": "p", "d": [:]]])
        #expect(try await client.message() == ["t": "c", "d": ["t": "o", "d": [:]]])
    }

    @Test("A listen gets the data before its answer, then a push for each write: its own, another's and REST's")
    func listenAndPushes() async throws {
        let harness = try await FirebaseHarness()
        let reader = try await FirebaseRealtimeClient(harness.firebase)
        let writer = try await FirebaseRealtimeClient(harness.firebase)
        Self.ok(try await writer.request("p", ["p": "/rooms/a", "d": ["name": "Ada"]]))
        Self.ok(try await reader.request("q", ["p": "/rooms", "h": ""]))
        #expect(
            await reader.takePushes() == [
                ["t": "d", "d": ["a": "d", "b": ["p": "rooms", "d": ["a": ["name": "Ada"]]]]]
            ])
        Self.ok(try await writer.request("m", ["p": "/rooms/a", "d": ["topic": "maths", "x/y": 1]]))
        let merged = try await reader.push()
        #expect(merged["d"]?["a"] == "d" || merged["d"]?["a"] == "m")
        #expect(
            try await reader.request("g", ["p": "/rooms/a", "q": [:]])["d"]
                == ["name": "Ada", "topic": "maths", "x": ["y": 1]])
        _ = await reader.takePushes()
        #expect(await harness.send("PUT", "/rooms/b.json?ns=test", #"{"name":"Bob"}"#).status == 200)
        #expect(try await reader.push() == ["t": "d", "d": ["a": "d", "b": ["p": "rooms/b", "d": ["name": "Bob"]]]])
        // An unlistened path hears nothing more; the next message is the
        // answer to the request after the write.
        Self.ok(try await reader.request("n", ["p": "/rooms"]))
        Self.ok(try await writer.request("p", ["p": "/rooms/c", "d": true]))
        Self.ok(try await reader.request("s", ["c": ["sdk.js.9-6-6": 1]]))
        #expect(await reader.takePushes().isEmpty)
        // And REST streams hear the protocol's writes.
        let events = await harness.stream("/rooms/c.json?ns=test")
        #expect(await events.next()?.json?["data"] == true)
        Self.ok(try await writer.request("p", ["p": "/rooms/c", "d": false]))
        #expect(await events.next()?.json?["data"] == false)
    }

    @Test("A tagged query listen gets what the query selects, and tagged pushes as the window moves")
    func taggedQuery() async throws {
        let harness = try await FirebaseHarness()
        let client = try await FirebaseRealtimeClient(harness.firebase)
        for (key, score) in [("a", 3), ("b", 1), ("c", 2)] {
            Self.ok(
                try await client.request("p", ["p": .string("/scores/" + key), "d": ["score": .number(Double(score))]]))
        }
        let query: JSON = ["i": "score", "l": 2, "vf": "r"]
        Self.ok(try await client.request("q", ["p": "/scores", "q": query, "t": 7, "h": ""]))
        #expect(
            await client.takePushes() == [
                [
                    "t": "d",
                    "d": ["a": "d", "b": ["p": "scores", "d": ["a": ["score": 3], "c": ["score": 2]], "t": 7]],
                ]
            ])
        Self.ok(try await client.request("p", ["p": "/scores/d", "d": ["score": 9]]))
        let pushes = await client.takePushes()
        #expect(pushes.contains(["t": "d", "d": ["a": "d", "b": ["p": "scores/c", "d": .null, "t": 7]]]))
        #expect(pushes.contains(["t": "d", "d": ["a": "d", "b": ["p": "scores/d", "d": ["score": 9], "t": 7]]]))
        // A get with the query's range: startAt(2), endAt(3) by score.
        let ranged = try await client.request("g", ["p": "/scores", "q": ["i": "score", "sp": 2, "ep": 3]])
        #expect(ranged["d"] == ["a": ["score": 3], "c": ["score": 2]])
        // startAfter(1) by key, as the SDK writes it.
        let byKey = try await client.request("g", ["p": "/scores", "q": ["i": ".key", "sp": "b", "sin": false]])
        #expect(byKey["d"]?.objectValue?.keys.sorted() == ["c", "d"])
        // Unlistening a tagged query names its tag.
        Self.ok(try await client.request("n", ["p": "/scores", "q": query, "t": 7]))
        Self.ok(try await client.request("p", ["p": "/scores/e", "d": ["score": 10]]))
        #expect(await client.takePushes().isEmpty)
    }

    @Test("Hashes are the SDKs': the vectors their own tests pin")
    func hashes() {
        #expect(FirebaseHash.of(4) == "eVih19a6ZDz3NL32uVBtg9KSgQY=")
        #expect(FirebaseHash.of(4.5623) == "vf1CL0tIRwXXunHcG/irRECk3lY=")
        #expect(FirebaseHash.of("hey guys") == "CUNLXWpCVoJE6z7z1vE57lGaKAU=")
        #expect(FirebaseHash.of(true) == "E5z61QM0lN/U2WsOnusszCTkR8M=")
        #expect(
            FirebaseHash.of(["intNode": 4, "doubleNode": 4.5623, "stringNode": "hey guys", "boolNode": true])
                == "6Mc4jFmNdrLVIlJJjz2/MakTK9I=")
        #expect(
            FirebaseHash.of(["root": ["c": [".value": 99, ".priority": "abc"], ".priority": "def"]])
                == "Fm6tzN4CVEu5WxFDZUdTtqbTVaA=")
        #expect(
            FirebaseHash.of(["root": ["c": [".value": 99, ".priority": 42], ".priority": 3.14]])
                == "B15QCqrzCxrI5zz1y00arWqFRFg=")
        #expect(FirebaseHash.of(.null) == "")
    }

    @Test("A put with a stale hash is answered datastale and changes nothing; ten racing transactions sum exactly")
    func transactions() async throws {
        let harness = try await FirebaseHarness()
        let first = try await FirebaseRealtimeClient(harness.firebase)
        Self.ok(try await first.request("p", ["p": "/count", "d": 0]))
        let stale = try await first.request("p", ["p": "/count", "d": 5, "h": .string(FirebaseHash.of(1))])
        #expect(FirebaseRealtimeClient.status(stale) == "datastale")
        #expect(try await first.request("g", ["p": "/count", "q": [:]])["d"] == 0)
        var clients = [first]
        for _ in 1..<10 { clients.append(try await FirebaseRealtimeClient(harness.firebase)) }
        try await withThrowingTaskGroup(of: Int.self) { group in
            for client in clients {
                group.addTask {
                    // As an SDK runs a transaction: read, compute, write
                    // with the hash of what it read, again while stale.
                    for attempt in 1...100 {
                        let value = try await client.request("g", ["p": "/count", "q": [:]])["d"] ?? .null
                        let count = value.numberValue ?? 0
                        let answer = try await client.request(
                            "p", ["p": "/count", "d": .number(count + 1), "h": .string(FirebaseHash.of(value))])
                        if FirebaseRealtimeClient.status(answer) == "ok" { return attempt }
                        #expect(FirebaseRealtimeClient.status(answer) == "datastale")
                    }
                    return 0
                }
            }
            for try await attempts in group { #expect(attempts > 0) }
        }
        #expect(try await first.request("g", ["p": "/count", "q": [:]])["d"] == 10)
    }

    @Test("onDisconnect writes apply when the connection closes, once; cancelled ones do not")
    func onDisconnect() async throws {
        let harness = try await FirebaseHarness()
        let client = try await FirebaseRealtimeClient(harness.firebase)
        Self.ok(try await client.request("p", ["p": "/presence/ada", "d": "online"]))
        Self.ok(try await client.request("o", ["p": "/presence/ada", "d": ["at": [".sv": "timestamp"]]]))
        Self.ok(try await client.request("om", ["p": "/presence", "d": ["bob": "gone"]]))
        Self.ok(try await client.request("o", ["p": "/cancelled/x", "d": 1]))
        Self.ok(try await client.request("oc", ["p": "/cancelled"]))
        #expect(await harness.send("GET", "/presence/ada.json?ns=test").body == #""online""#)
        await client.connection.close()
        await client.connection.close()
        let presence = try #require(await harness.send("GET", "/presence.json?ns=test").json)
        #expect(presence["bob"] == "gone")
        #expect((presence["ada"]?["at"]?.numberValue ?? 0) > 1_600_000_000_000)
        #expect(await harness.send("GET", "/cancelled.json?ns=test").body == "null")
    }

    @Test("Rules apply as for REST: permission_denied, auth with an ID token or owner, unauth, and revoked listens")
    func rulesAndAuth() async throws {
        let harness = try await FirebaseHarness()
        let rules = #"{"rules": {"private": {"$uid": {".read": "auth.uid == $uid", ".write": "auth.uid == $uid"}}}}"#
        #expect(await harness.send("PUT", "/.settings/rules.json?ns=test", rules, headers: Self.owner).status == 200)
        let client = try await FirebaseRealtimeClient(harness.firebase)
        let denied = try await client.request("p", ["p": "/private/ada", "d": 1])
        #expect(FirebaseRealtimeClient.status(denied) == "permission_denied")
        let deniedListen = try await client.request("q", ["p": "/private/ada", "h": ""])
        #expect(FirebaseRealtimeClient.status(deniedListen) == "permission_denied")
        // Refused when set, as the service refuses it.
        let deniedDisconnect = try await client.request("o", ["p": "/private/ada", "d": 1])
        #expect(FirebaseRealtimeClient.status(deniedDisconnect) == "permission_denied")

        let token = unsignedIDToken(uid: "ada")
        let signedIn = try await client.request("auth", ["cred": .string(token)])
        Self.ok(signedIn)
        #expect(signedIn["d"]?["auth"]?["uid"] == "ada")
        Self.ok(try await client.request("p", ["p": "/private/ada", "d": 1]))
        Self.ok(try await client.request("q", ["p": "/private/ada", "h": ""]))
        _ = await client.takePushes()
        // Rules that stop allowing the read revoke the listen.
        let closed = #"{"rules": {".read": false, ".write": false}}"#
        #expect(await harness.send("PUT", "/.settings/rules.json?ns=test", closed, headers: Self.owner).status == 200)
        #expect(try await client.push() == ["t": "d", "d": ["a": "c", "b": ["p": "private/ada"]]])

        Self.ok(try await client.request("gauth", ["cred": "owner"]))
        Self.ok(try await client.request("p", ["p": "/private/bob", "d": 2]))
        Self.ok(try await client.request("unauth", [:]))
        #expect(
            FirebaseRealtimeClient.status(try await client.request("g", ["p": "/private/bob", "q": [:]]))
                == "permission_denied")
        let expired = try await client.request("auth", ["cred": .string(unsignedIDToken(uid: "ada", expiresIn: -60))])
        #expect(FirebaseRealtimeClient.status(expired) == "expired_token")
        let garbage = try await client.request("auth", ["cred": "a.b.c"])
        #expect(FirebaseRealtimeClient.status(garbage) == "invalid_token")
    }

    @Test("Messages over 16 KiB are split into frames both ways, on character boundaries")
    func frames() async throws {
        let harness = try await FirebaseHarness()
        let client = try await FirebaseRealtimeClient(harness.firebase)
        let big = String(repeating: "é🐵", count: 20_000)
        let message = FirebaseJSONWriter.data([
            "t": "d", "d": ["r": 1, "a": "p", "b": ["p": "/big", "d": .string(big)]],
        ])
        let pieces = FirebaseRealtimeMessage.frames(of: message)
        #expect(pieces.count > 3)
        #expect(Int(String(decoding: pieces[0], as: UTF8.self)) == pieces.count - 1)
        for piece in pieces.dropFirst() {
            #expect(piece.count <= FirebaseRealtimeMessage.maxFrameSize)
            #expect(String(data: piece, encoding: .utf8) != nil)
        }
        for piece in pieces { await client.connection.receive(String(decoding: piece, as: UTF8.self)) }
        #expect(try await client.message()["d"]?["b"]?["s"] == "ok")
        // The answer to a get of it comes back in frames, put together.
        #expect(try await client.request("g", ["p": "/big", "q": [:]])["d"] == .string(big))
    }

    @Test("Hostile frames are answered without a crash, in bounded memory")
    func hostile() async throws {
        let harness = try await FirebaseHarness()
        let client = try await FirebaseRealtimeClient(harness.firebase)
        await client.connection.receive("{not json")
        #expect(try await client.message()["d"]?["t"] == "e")
        await client.connection.receive("[1,2]")
        #expect(try await client.message()["d"]?["t"] == "e")
        #expect(FirebaseRealtimeClient.status(try await client.request("zz", [:])) == "invalid_request")
        #expect(
            FirebaseRealtimeClient.status(try await client.request("p", ["p": "/a/.b", "d": 1])) == "invalid_request")
        #expect(FirebaseRealtimeClient.status(try await client.request("p", ["p": 5, "d": 1])) == "invalid_request")
        let badQuery = try await client.request("g", ["p": "/a", "q": ["i": ".key", "sp": 5]])
        #expect(FirebaseRealtimeClient.status(badQuery) == "invalid_request")
        let badLimit = try await client.request("q", ["p": "/a", "q": ["l": 1e300], "t": 1, "h": ""])
        #expect(FirebaseRealtimeClient.status(badLimit) == "invalid_request")
        // The keep-alive the SDKs send is no message.
        await client.connection.receive("0")
        Self.ok(try await client.request("s", [:]))
        // Listens past the limit are refused, not held.
        for index in 0..<(FirebaseRealtimeConnection.maxListens + 5) {
            let answer = try await client.request("q", ["p": .string("/l/\(index)"), "h": ""])
            let expected = index < FirebaseRealtimeConnection.maxListens ? "ok" : "too_many_listens"
            if FirebaseRealtimeClient.status(answer) != expected {
                Issue.record("listen \(index): \(answer)")
                break
            }
        }
        _ = await client.takePushes()
        // A message announced as a million frames ends the connection once
        // it passes the size limit.
        await client.connection.receive("999999")
        let chunk = String(repeating: "x", count: 16_384)
        let limit = FirebaseEmulator.Configuration().maxBodySize + 65_536
        for _ in 0...(limit / chunk.utf8.count) {
            await client.connection.receive(chunk)
        }
        #expect(try await client.message()["d"]?["t"] == "e")
        await client.connection.ended()
        await client.connection.close()
    }

    @Test("A client that never reads is dropped at its backlog, and its listens and writes end with it")
    func neverReads() async throws {
        let harness = try await FirebaseHarness()
        let connection = try harness.firebase.openRealtimeConnection(namespace: "test", host: "h")
        await connection.receive(#"{"t":"d","d":{"r":1,"a":"q","b":{"p":"/feed","h":""}}}"#)
        await connection.receive(#"{"t":"d","d":{"r":2,"a":"o","b":{"p":"/left","d":true}}}"#)
        for index in 0..<(FirebaseRealtimeConnection.backlog + 10) {
            #expect(await harness.send("PUT", "/feed.json?ns=test", "\(index)").status == 200)
        }
        await connection.ended()
        await connection.close()
        #expect(await harness.firebase.databases.existing(named: "test")?.subscriptionCount == 0)
        #expect(await harness.send("GET", "/left.json?ns=test").body == "true")
    }
}
