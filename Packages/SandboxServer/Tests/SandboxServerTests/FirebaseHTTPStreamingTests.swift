import Foundation
import Networking
import Sandbox
import SandboxServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Firebase over HTTP: server-sent events")
struct FirebaseHTTPStreamingTests {
    private typealias Event = FirebaseHTTPEventReader.Event

    @Test("A subscriber sees the initial put, then each of 100 writes in order")
    func hundredWritesInOrder() async throws {
        try await FirebaseHTTP.withServer { server in
            try await FirebaseHTTP.send(server.baseURL, "PUT", "/feed/start.json", "true")
            let reader = FirebaseHTTPEventReader(server.baseURL, "/feed.json")
            #expect(try await reader.next() == Event(name: "put", data: #"{"path":"/","data":{"start":true}}"#))
            #expect(reader.response?.statusCode == 200)
            #expect(reader.response?.value(forHTTPHeaderField: "Content-Type") == "text/event-stream; charset=utf-8")
            var names: [String] = []
            for index in 0..<100 {
                let response = try await FirebaseHTTP.send(server.baseURL, "POST", "/feed.json", #"{"n":\#(index)}"#)
                names.append(try #require(try JSON.parse(response.body)["name"]?.stringValue))
            }
            let events = try await reader.next(100)
            #expect(
                events
                    == names.enumerated().map { Event(name: "put", data: #"{"path":"/\#($1)","data":{"n":\#($0)}}"#) })
            reader.cancel()
        }
    }

    @Test("Patches, deletes and writes above the stream arrive with relative paths")
    func relativePaths() async throws {
        try await FirebaseHTTP.withServer { server in
            let reader = FirebaseHTTPEventReader(server.baseURL, "/rooms/lobby.json?ns=chat")
            #expect(try await reader.next() == Event(name: "put", data: #"{"path":"/","data":null}"#))
            try await FirebaseHTTP.send(server.baseURL, "PATCH", "/rooms/lobby.json?ns=chat", #"{"title":"Lobby"}"#)
            try await FirebaseHTTP.send(server.baseURL, "PUT", "/rooms.json?ns=chat", #"{"lobby":{"title":"Hall"}}"#)
            try await FirebaseHTTP.send(server.baseURL, "PUT", "/rooms/lobby.json", #""other namespace""#)
            try await FirebaseHTTP.send(server.baseURL, "DELETE", "/rooms/lobby/title.json?ns=chat")
            #expect(
                try await reader.next(3) == [
                    Event(name: "patch", data: #"{"path":"/","data":{"title":"Lobby"}}"#),
                    Event(name: "put", data: #"{"path":"/","data":{"title":"Hall"}}"#),
                    Event(name: "put", data: #"{"path":"/title","data":null}"#),
                ])
            reader.cancel()
        }
    }

    @Test("Keep-alives arrive on the configured interval; a client leaving removes its subscription")
    func keepAliveAndLeaving() async throws {
        let options = FirebaseHTTP.options { $0.keepAliveInterval = .milliseconds(100) }
        try await FirebaseHTTP.withServer(options) { server in
            let reader = FirebaseHTTPEventReader(server.baseURL, "/quiet.json")
            _ = try await reader.next()
            #expect(try await reader.next() == Event(name: "keep-alive", data: "null"))
            #expect(try await reader.next() == Event(name: "keep-alive", data: "null"))
            #expect(await server.sandbox.firebase.subscriptionCount() == 1)
            reader.cancel()
            #expect(await firebaseEventually { await server.sandbox.firebase.subscriptionCount() == 0 })
            let after = try await FirebaseHTTP.send(server.baseURL, "PUT", "/quiet.json", "1")
            #expect(after.status == 200)
        }
    }

    @Test("A stream with a query, or refused: errors come back as JSON before any event")
    func queryStreamAndErrors() async throws {
        try await FirebaseHTTP.withServer { server in
            try await FirebaseHTTP.send(server.baseURL, "PUT", "/p.json", #"{"a":{"t":1},"b":{"t":2}}"#)
            let reader = FirebaseHTTPEventReader(server.baseURL, "/p.json?orderBy=%22t%22&limitToLast=1")
            #expect(try await reader.next() == Event(name: "put", data: #"{"path":"/","data":{"b":{"t":2}}}"#))
            try await FirebaseHTTP.send(server.baseURL, "PUT", "/p/c.json", #"{"t":3}"#)
            #expect(
                try await reader.next(2) == [
                    Event(name: "put", data: #"{"path":"/b","data":null}"#),
                    Event(name: "put", data: #"{"path":"/c","data":{"t":3}}"#),
                ])
            reader.cancel()
            let refused = try await FirebaseHTTP.send(
                server.baseURL, "GET", "/p.json?limitToLast=1", headers: ["Accept": "text/event-stream"])
            #expect(refused.status == 400)
            #expect(
                refused.text
                    == FirebaseHTTP.errorBody("orderBy must be defined when other query parameters are defined"))
        }
    }
}
