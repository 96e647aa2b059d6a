import Foundation
import Networking
import SandboxCore
import Testing

@testable import SandboxFirebase

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Firebase emulator: server-sent events")
struct FirebaseStreamingTests {
    private typealias Event = FirebaseEventReader.Event

    @Test("A stream starts with a put of the current value, as text/event-stream")
    func initialPut() async throws {
        let firebase = try await FirebaseHarness()
        await firebase.send("PUT", "/posts.json", #"{"a":{"text":"Hi"},"b":[1,2]}"#)
        let stream = await firebase.stream("/posts.json")
        #expect(stream.status == 200)
        #expect(stream.headers["Content-Type"] == "text/event-stream; charset=utf-8")
        #expect(await stream.next() == Event(name: "put", data: #"{"path":"/","data":{"a":{"text":"Hi"},"b":[1,2]}}"#))
        let empty = await firebase.stream("/nothing.json")
        #expect(await empty.next() == Event(name: "put", data: #"{"path":"/","data":null}"#))
    }

    @Test("Writes under the path arrive as put and patch events with relative paths")
    func changesBelow() async throws {
        let firebase = try await FirebaseHarness()
        let stream = await firebase.stream("/room.json")
        _ = await stream.next()
        await firebase.send("PUT", "/room/title.json", #""Lobby""#)
        let pushed = await firebase.send("POST", "/room/messages.json", #"{"text":"Hello"}"#)
        let name = try #require(pushed.json?["name"]?.stringValue)
        await firebase.send("PATCH", "/room.json", #"{"title":"Hall","topic":null}"#)
        await firebase.send("PATCH", "/room/messages.json", #"{"x":1}"#)
        await firebase.send("PATCH", "/room.json", #"{"meta/owner":"Ada"}"#)
        await firebase.send("DELETE", "/room/title.json")
        await firebase.send("PUT", "/room.json", #"{"fresh":true}"#)
        await firebase.send("PUT", "/elsewhere.json", "1")
        await firebase.send("DELETE", "/room.json")
        #expect(
            await stream.next(8) == [
                Event(name: "put", data: #"{"path":"/title","data":"Lobby"}"#),
                Event(name: "put", data: #"{"path":"/messages/\#(name)","data":{"text":"Hello"}}"#),
                Event(name: "patch", data: #"{"path":"/","data":{"title":"Hall","topic":null}}"#),
                Event(name: "patch", data: #"{"path":"/messages","data":{"x":1}}"#),
                Event(name: "put", data: #"{"path":"/meta/owner","data":"Ada"}"#),
                Event(name: "put", data: #"{"path":"/title","data":null}"#),
                Event(name: "put", data: #"{"path":"/","data":{"fresh":true}}"#),
                Event(name: "put", data: #"{"path":"/","data":null}"#),
            ])
    }

    @Test("Writes above the path arrive as a put of the new value, only when it changed")
    func changesAbove() async throws {
        let firebase = try await FirebaseHarness()
        let stream = await firebase.stream("/a/b.json")
        #expect(await stream.next() == Event(name: "put", data: #"{"path":"/","data":null}"#))
        await firebase.send("PUT", "/a.json", #"{"b":{"x":1},"c":2}"#)
        await firebase.send("PUT", "/a/c.json", "3")
        await firebase.send("PATCH", "/a.json", #"{"c":4}"#)
        await firebase.send("PATCH", "/.json", #"{"a/b/x":5}"#)
        await firebase.send("PUT", "/.json", #"{"a":{"c":5}}"#)
        await firebase.send("PUT", "/.json", #"{"a":{"c":6}}"#)
        await firebase.send("PATCH", "/a.json", #"{"b":{"y":true}}"#)
        #expect(
            await stream.next(4) == [
                Event(name: "put", data: #"{"path":"/","data":{"x":1}}"#),
                Event(name: "put", data: #"{"path":"/x","data":5}"#),
                Event(name: "put", data: #"{"path":"/","data":null}"#),
                Event(name: "put", data: #"{"path":"/","data":{"y":true}}"#),
            ])
    }

    @Test("A query stream reports children entering and leaving its window")
    func queryStream() async throws {
        let firebase = try await FirebaseHarness()
        await firebase.send("PUT", "/posts.json", #"{"a":{"t":1},"b":{"t":2},"c":{"t":3}}"#)
        let stream = await firebase.stream(#"/posts.json?orderBy="t"&limitToLast=2"#)
        #expect(await stream.next() == Event(name: "put", data: #"{"path":"/","data":{"b":{"t":2},"c":{"t":3}}}"#))
        await firebase.send("PUT", "/posts/d.json", #"{"t":4}"#)
        await firebase.send("PUT", "/posts/a/t.json", "0")
        await firebase.send("PUT", "/posts/c/t.json", "5")
        #expect(
            await stream.next(3) == [
                Event(name: "put", data: #"{"path":"/b","data":null}"#),
                Event(name: "put", data: #"{"path":"/d","data":{"t":4}}"#),
                Event(name: "put", data: #"{"path":"/c","data":{"t":5}}"#),
            ])
    }

    @Test("A quiet stream gets keep-alive events on the configured interval")
    func keepAlive() async throws {
        let firebase = try await FirebaseHarness(.init(keepAliveInterval: .milliseconds(50), seedsLessonData: false))
        let stream = await firebase.stream("/a.json")
        _ = await stream.next()
        #expect(await stream.next() == Event(name: "keep-alive", data: "null"))
        #expect(await stream.next() == Event(name: "keep-alive", data: "null"))
        await firebase.send("PUT", "/a.json", "1")
        #expect(await stream.next() == Event(name: "put", data: #"{"path":"/","data":1}"#))
    }

    @Test("A keep-alive waits for its interval: a write comes first")
    func keepAliveWaits() async throws {
        let firebase = try await FirebaseHarness(.init(keepAliveInterval: .seconds(3600), seedsLessonData: false))
        let stream = await firebase.stream("/a.json")
        _ = await stream.next()
        await firebase.send("PUT", "/a.json", "1")
        #expect(await stream.next() == Event(name: "put", data: #"{"path":"/","data":1}"#))
    }

    @Test("The stream ends when the client goes away, and its subscription is removed")
    func clientLeaves() async throws {
        let firebase = try await FirebaseHarness()
        let stream = await firebase.stream("/a.json?ns=leaving")
        _ = await stream.next()
        #expect(await firebase.firebase.subscriptionCount(namespace: "leaving") == 1)
        stream.close()
        #expect(await firebaseWaitUntil { await firebase.firebase.subscriptionCount(namespace: "leaving") == 0 })

        // A reader cancelled mid-wait ends its stream too.
        let reader = await firebase.stream("/a.json?ns=leaving")
        let task = Task { await reader.next(2) }
        #expect(await firebaseWaitUntil { await firebase.firebase.subscriptionCount(namespace: "leaving") == 1 })
        task.cancel()
        _ = await task.value
        #expect(await firebaseWaitUntil { await firebase.firebase.subscriptionCount(namespace: "leaving") == 0 })
        #expect(await firebase.send("PUT", "/a.json?ns=leaving", "1").status == 200)
    }
}
