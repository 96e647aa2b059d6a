import Foundation
import Networking
import Testing

@Suite("Server-sent events")
struct ServerSentEventTests {
    @Test("Firebase's events parse, however the bytes are split")
    func firebaseEvents() throws {
        let text =
            "event: put\ndata: {\"path\":\"/\",\"data\":{\"a\":1}}\n\nevent: keep-alive\ndata: null\n\nevent: patch\r\ndata: {\"path\":\"/b\",\"data\":{\"c\":\"é\"}}\r\n\r\n"
        let expected = [
            ServerEvent(event: "put", data: #"{"path":"/","data":{"a":1}}"#),
            ServerEvent(event: "keep-alive", data: "null"),
            ServerEvent(event: "patch", data: #"{"path":"/b","data":{"c":"é"}}"#),
        ]
        let bytes = Array(text.utf8)
        for size in [1, 2, 3, 7, bytes.count] {
            var parser = ServerEventParser()
            var events: [ServerEvent] = []
            var index = 0
            while index < bytes.count {
                events += try parser.consume(bytes[index..<min(index + size, bytes.count)])
                index += size
            }
            #expect(events == expected, "chunk size \(size)")
        }
    }

    @Test("Comments, multi-line data, ids, retry and events without data")
    func specRules() throws {
        var parser = ServerEventParser()
        let events = try parser.consume(
            Array(": comment\nid: 7\nretry: 3000\ndata:a\ndata:  b\n\nevent: empty\n\ndata\n\r".utf8))
        #expect(
            events == [
                ServerEvent(event: "message", data: "a\n b", id: "7", retry: 3000),
                ServerEvent(event: "message", data: "", id: "7", retry: 3000),
            ])
    }

    @Test("retry takes ASCII digits only: a sign, a space inside, or a number past Int are ignored")
    func retryDigitsOnly() throws {
        for (field, expected) in [
            ("retry: 250", 250), ("retry: +250", 100), ("retry: -1", 100), ("retry: 2 5", 100),
            ("retry: 99999999999999999999999", 100), ("retry:", 100), ("retry: ٣", 100),
        ] {
            var parser = ServerEventParser()
            let events = try parser.consume(Array("retry: 100\n\(field)\ndata: x\n\n".utf8))
            #expect(events.first?.retry == expected, "\(field)")
        }
    }

    @Test("A streamed response yields its events over real HTTP")
    func overHTTP() async throws {
        let server = try LoopbackServer { _ in
            .chunks([
                (0, Data("event: put\ndata: 1\n".utf8)), (0.1, Data("\nevent: put\nda".utf8)),
                (0.1, Data("ta: 2\n\n".utf8)),
            ])
        }
        defer { server.stop() }
        let response = try await NetworkClient(baseURL: server.baseURL).stream(NetworkRequest<Data>.get("a.json"))
        var data: [String] = []
        for try await event in response.events {
            data.append(event.data)
        }
        #expect(data == ["1", "2"])
    }
}
