import Foundation
import Sandbox
import SandboxServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Bad input to the Firebase emulator over HTTP: each gets its error, nothing
/// is written, and the server keeps serving.
@Suite("Firebase over HTTP: bad input never crashes or wedges the server")
struct FirebaseHTTPRobustnessTests {
    /// The data written before the bad input, which must be unchanged after.
    private static let data = #"{"posts":{"a":{"t":1}}}"#

    private static func expectUnchanged(_ server: SandboxServer, sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let response = try await FirebaseHTTP.send(
            server.baseURL, "GET", "/.json", session: HTTP.freshConnections)
        #expect(response.status == 200, sourceLocation: sourceLocation)
        #expect(response.text == data, sourceLocation: sourceLocation)
    }

    private static func withServer(_ body: (SandboxServer) async throws -> Void) async throws {
        let options = FirebaseHTTP.options { $0.maxBodySize = 256 * 1024 }
        try await FirebaseHTTP.withServer(options) { server in
            try await FirebaseHTTP.send(server.baseURL, "PUT", "/.json", data)
            try await body(server)
            try await expectUnchanged(server)
        }
    }

    @Test(
        "Malformed JSON, invalid keys and deep nesting get 400 with Firebase's message",
        arguments: [
            ("{\"a\":", "Invalid data; couldn't parse JSON object, array, or value."),
            ("\u{FF}\u{FE}garbage", "Invalid data; couldn't parse JSON object, array, or value."),
            ("{\"a\":1} trailing", "Invalid data; couldn't parse JSON object, array, or value."),
            (
                "{\"x#y\":1}",
                "Invalid data; couldn't parse key beginning at 1:2. Key value can't be empty or contain $ # [ ] / or ."
            ),
            (
                "{\"ok\":{\"\\u0000\":1}}",
                "Invalid data; couldn't parse key beginning at 1:8. Key value can't be empty or contain $ # [ ] / or ."
            ),
            (
                String(repeating: "[", count: 200_000),
                "Path specified exceeds the maximum depth that can be written (32)."
            ),
            (
                String(repeating: "{\"a\":", count: 40) + "1" + String(repeating: "}", count: 40),
                "Path specified exceeds the maximum depth that can be written (32)."
            ),
        ])
    func badBodies(body: String, message: String) async throws {
        try await Self.withServer { server in
            for method in ["PUT", "POST", "PATCH"] {
                let response = try await FirebaseHTTP.send(server.baseURL, method, "/posts.json", body)
                #expect(response.status == 400, "\(method)")
                #expect(response.text == FirebaseHTTP.errorBody(message), "\(method)")
            }
        }
    }

    @Test("Huge bodies: over the emulator's limit or over every emulator's limit, Firebase's own 400")
    func hugeBodies() async throws {
        try await Self.withServer { server in
            let overFirebase = #"{"text":""# + String(repeating: "x", count: 300 * 1024) + #""}"#
            let refused = try await FirebaseHTTP.send(server.baseURL, "PUT", "/posts/a.json", overFirebase)
            #expect(refused.status == 400)
            #expect(
                refused.text
                    == FirebaseHTTP.errorBody(
                        "Data to write exceeds the maximum size that can be modified with a single request."))
            let overServer = String(repeating: "x", count: 3 << 20)
            let tooLarge = try await FirebaseHTTP.send(server.baseURL, "POST", "/posts.json", overServer)
            #expect(tooLarge.status == 400)
            #expect(tooLarge.text == refused.text)
        }
    }

    @Test(
        "Bad query values get 400 with Firebase's message",
        arguments: [
            ("orderBy=timestamp", "orderBy must be a valid JSON encoded path"),
            ("orderBy=%22t%22&startAt=%5B1%5D", "Constraint index field must be a JSON primitive"),
            ("orderBy=%22t%22&endAt=nope", "Constraint index field must be a JSON primitive"),
            ("orderBy=%22t%22&limitToLast=99999999999999999999", "limitToLast must be an integer"),
            ("orderBy=%22t%22&limitToFirst=-1", "limitToFirst must be positive"),
            ("equalTo=1", "orderBy must be defined when other query parameters are defined"),
            ("orderBy=%22$key%22&startAt=5", "Provided key index type is invalid, must be string"),
        ])
    func badQueries(query: String, message: String) async throws {
        try await Self.withServer { server in
            let response = try await FirebaseHTTP.send(server.baseURL, "GET", "/posts.json?\(query)")
            #expect(response.status == 400)
            #expect(response.text == FirebaseHTTP.errorBody(message))
        }
    }

    @Test("A method Firebase does not support, sent as X-HTTP-Method-Override, gets its 405")
    func unknownMethods() async throws {
        try await Self.withServer { server in
            let override = try await FirebaseHTTP.send(
                server.baseURL, "POST", "/posts.json", "{}", headers: ["X-HTTP-Method-Override": "MERGE"])
            #expect(override.status == 405)
            #expect(override.text == FirebaseHTTP.errorBody("Method not allowed"))
            let trace = try await FirebaseHTTP.send(server.baseURL, "TRACE", "/posts.json", nil)
            #expect(trace.status == 405)
        }
    }

    @Test("Connections cut mid-request or mid-stream write nothing and leave the server serving")
    func abortedConnections() async throws {
        try await Self.withServer { server in
            let partial = [
                "PUT /posts.json HTTP/1.1\r\nHost: a\r\nContent-Length: 100\r\n\r\n{\"b\":",
                "PATCH /.json HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n{\"posts\":",
                "POST /posts.json HTTP/1.1\r\nHost: a\r\nContent-Le",
                "GET /posts.json HTTP/1.1\r\nHost: a\r\nAccept: text/event-stream\r\n\r\n",
            ]
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<40 {
                    group.addTask {
                        let connection = try await RawConnection.connect(port: server.port)
                        try await connection.send(partial[index % partial.count])
                        try await Task.sleep(for: .milliseconds(20))
                        await connection.shutdown()
                    }
                }
                try await group.waitForAll()
            }
            #expect(await firebaseEventually { await server.sandbox.firebase.subscriptionCount() == 0 })
        }
    }
}
