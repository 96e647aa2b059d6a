import FirebaseClient
import Foundation
import Networking
import Sandbox
import Synchronization
import Testing

@Suite("Streaming", .timeLimit(.minutes(10)))
struct StreamingTests {
    @Test("A stream starts with the whole location, then reports every change")
    func initialPutThenChanges() async throws {
        let database = try await TestDatabase.make()
        try await database.firebase.put(["a": 1] as JSON, at: "room")
        var events = database.firebase.events(at: "room").makeAsyncIterator()
        #expect(try await events.next() == .put(FirebaseChange(path: "/", data: ["a": 1])))
        try await database.firebase.put(2, at: "room/b")
        #expect(try await events.next() == .put(FirebaseChange(path: "/b", data: 2)))
        try await database.firebase.patch(["a": 10, "c": 3] as JSON, at: "room")
        #expect(try await events.next() == .patch(FirebaseChange(path: "/", data: ["a": 10, "c": 3])))
        try await database.firebase.delete("room/b")
        #expect(try await events.next() == .put(FirebaseChange(path: "/b", data: .null)))
    }

    @Test("A subscriber receives each of 100 writes made by another client, in order")
    func hundredWritesInOrder() async throws {
        let database = try await TestDatabase.make()
        let writer = TestDatabase.client(
            for: database.sandbox, namespace: try #require(database.firebase.configuration.namespace))
        var events = database.firebase.events(at: "log").makeAsyncIterator()
        #expect(try await events.next() == .put(FirebaseChange(path: "/", data: .null)))
        let writing = Task {
            for index in 0..<100 {
                try await writer.put(Note(text: "write \(index)", order: index), at: "log/\(writer.makePushID())")
            }
        }
        var received: [Int] = []
        while received.count < 100, let event = try await events.next() {
            guard case .put(let change) = event, change.segments.count == 1 else { continue }
            received.append(try change.data.decode(Note.self).order)
        }
        try await writing.value
        #expect(received == Array(0..<100))
    }

    @Test("The merged value follows puts, patches and deletes, and equals a GET")
    func mergedValues() async throws {
        let database = try await TestDatabase.make()
        var values = database.firebase.values(at: "doc").makeAsyncIterator()
        #expect(try await values.next() == .null)
        try await database.firebase.put(["title": "Draft", "tags": ["a": true]] as JSON, at: "doc")
        #expect(try await values.next() == ["title": "Draft", "tags": ["a": true]])
        // One write may arrive as several events; each yields a value.
        try await database.firebase.update(["title": "Final", "tags/b": true, "tags/a": nil], at: "doc")
        #expect(try await next(of: &values, equalTo: ["title": "Final", "tags": ["b": true]]))
        try await database.firebase.delete("doc/tags")
        #expect(try await next(of: &values, equalTo: ["title": "Final"]))
        #expect(try await database.firebase.get("doc", as: JSON.self) == ["title": "Final"])
    }

    @Test("Typed values decode each snapshot")
    func typedValues() async throws {
        let database = try await TestDatabase.make()
        try await database.firebase.put(Note(text: "v1", order: 1), at: "note")
        var notes = database.firebase.values(at: "note", as: Note.self).makeAsyncIterator()
        #expect(try await notes.next() == Note(text: "v1", order: 1))
        try await database.firebase.patch(["text": "v2"], at: "note")
        #expect(try await notes.next() == Note(text: "v2", order: 1))
    }

    @Test("A stream follows its query: only children in the range are reported")
    func queryStream() async throws {
        let database = try await TestDatabase.make()
        try await database.firebase.put(["old": ["t": 1], "new": ["t": 5]] as JSON, at: "items")
        let query = FirebaseQuery.orderByChild("t").startAt(3)
        var values = database.firebase.values(at: "items", query: query).makeAsyncIterator()
        #expect(try await values.next() == ["new": ["t": 5]])
        try await database.firebase.put(["t": 7] as JSON, at: "items/newer")
        #expect(try await values.next() == ["new": ["t": 5], "newer": ["t": 7]])
    }

    @Test("A connection that cannot be made is retried with backoff, then the stream starts")
    func reconnectsAfterDroppedConnection() async throws {
        let database = try await TestDatabase.make()
        try await database.firebase.put("hello", at: "greeting")
        try database.sandbox.faults.inject(
            Fault(path: "/greeting.json", method: "GET", count: 2, action: .dropConnection))
        var events = database.firebase.events(at: "greeting").makeAsyncIterator()
        #expect(try await events.next() == .put(FirebaseChange(path: "/", data: "hello")))
        #expect(await database.requests("/greeting.json", method: "GET").map(\.status) == [0, 0, 200])
    }

    @Test("A 503 answer to a stream is retried; a 401 is not")
    func transientAndPermanentFailures() async throws {
        let database = try await TestDatabase.make()
        try database.sandbox.faults.inject(Fault(path: "/busy.json", method: "GET", status: 503))
        var events = database.firebase.events(at: "busy").makeAsyncIterator()
        #expect(try await events.next() == .put(FirebaseChange(path: "/", data: .null)))

        let locked = try await TestDatabase.make(sandbox: SandboxConfiguration(firebase: .init(authSecret: "s")))
        var denied = locked.firebase.events(at: "secret").makeAsyncIterator()
        await #expect {
            _ = try await denied.next()
        } throws: { error in
            guard case .unauthenticated = error as? NetworkError else { return false }
            return true
        }
        #expect(await locked.requests("/secret.json", method: "GET").count == 1)
    }

    @Test("A connection silent for longer than the idle timeout is replaced, with a fresh initial put")
    func silentConnectionIsReplaced() async throws {
        let clock = ManualClock()
        let database = try await TestDatabase.make(streaming: .manual(clock, idleTimeout: .seconds(8)))
        try await database.firebase.put(1, at: "quiet")
        var events = database.firebase.events(at: "quiet").makeAsyncIterator()
        #expect(try await events.next() == .put(FirebaseChange(path: "/", data: 1)))
        try await database.firebase.put(2, at: "quiet")
        #expect(try await events.next() == .put(FirebaseChange(path: "/", data: 2)))
        // Nearly the window: the connection stands.
        clock.advance(by: .seconds(7))
        try await database.firebase.put(3, at: "quiet")
        #expect(try await events.next() == .put(FirebaseChange(path: "/", data: 3)))
        #expect(await database.requests("/quiet.json", method: "GET").count == 1)
        // Past the window with nothing received: replaced, and the new
        // connection starts with everything it watches.
        clock.advance(by: .seconds(9))
        #expect(try await events.next() == .put(FirebaseChange(path: "/", data: 3)))
        #expect(await database.requests("/quiet.json", method: "GET").count == 2)
    }

    @Test("Keep-alives count as activity: the connection is kept")
    func keepAlivesKeepTheConnection() async throws {
        // Twenty keep-alives, each sent 5 s of the stream's clock after the
        // one before: 100 s against an 8 s idle window, outlived only if
        // every keep-alive counts.
        let clock = ManualClock()
        let server = FedEventStreams()
        let firebase = FirebaseClient(
            configuration: FirebaseClient.Configuration(
                databaseURL: URL(string: "https://lessons.firebaseio.test")!, streaming: .manual(clock)),
            transport: server, retryPolicy: .immediate)
        var events = firebase.events(at: "idle").makeAsyncIterator()
        server.send("put", data: #"{"path":"/","data":null}"#)
        #expect(try await events.next() == .put(FirebaseChange(path: "/", data: .null)))
        for _ in 0..<20 {
            clock.advance(by: .seconds(5))
            server.send("keep-alive", data: "null")
            #expect(try await events.next() == .keepAlive)
        }
        #expect(server.connections == 1)
    }

    /// A database whose `down` answers 503 ten times, streamed with a
    /// policy that gives up after two failed reconnections in a row.
    private static func downDatabase() async throws -> TestDatabase {
        var policy = FirebaseStreamPolicy.immediate
        policy.maxConsecutiveFailures = 2
        let database = try await TestDatabase.make(streaming: policy)
        try database.sandbox.faults.inject(Fault(path: "/down.json", method: "GET", count: 10, status: 503))
        return database
    }

    @Test("After too many failed reconnections in a row the stream throws the last error")
    func givesUpAfterTheLimit() async throws {
        let database = try await Self.downDatabase()
        var events = database.firebase.events(at: "down").makeAsyncIterator()
        await #expect {
            _ = try await events.next()
        } throws: { error in
            (error as? NetworkError)?.status == 503
        }
        #expect(await database.requests("/down.json", method: "GET").count == 3)
    }

    @Test("Observers see each reconnection as an attempt, with its wait reported before it starts")
    func reconnectionsObserved() async throws {
        let database = try await Self.downDatabase()
        let records = Mutex<[String]>([])
        var firebase = database.firebase
        firebase.http.observers.append(
            NetworkObserver { record in
                let line =
                    switch record.event {
                    case .request: "request \(record.attempt)"
                    case .response(let status): "response \(status)"
                    case .retrying: "retrying \(record.attempt)"
                    default: "other"
                    }
                records.withLock { $0.append(line) }
            })
        var events = firebase.events(at: "down").makeAsyncIterator()
        await #expect(throws: NetworkError.self) { _ = try await events.next() }
        #expect(
            records.withLock { $0 } == [
                "request 1", "response 503", "retrying 1", "request 2", "response 503", "retrying 2", "request 3",
                "response 503",
            ])
    }

    @Test("A 200 that is not an event stream is a clear error, not an endless reconnection")
    func notAnEventStream() async throws {
        let database = try await TestDatabase.make()
        try database.sandbox.faults.inject(
            Fault(
                path: "/portal.json", method: "GET", status: 200, headers: ["Content-Type": "text/html"],
                body: Data("<html><title>Sign in to Wi-Fi</title></html>".utf8)))
        var events = database.firebase.events(at: "portal").makeAsyncIterator()
        await #expect {
            _ = try await events.next()
        } throws: { error in
            (error as? NetworkError)?.isDecodingFailure == true
                && (error as? NetworkError)?.description.contains("text/event-stream") == true
        }
    }

    @Test("Cancelling the consuming task ends the stream")
    func cancellationEndsTheStream() async throws {
        let database = try await TestDatabase.make()
        let started = AsyncStream.makeStream(of: Void.self)
        let consumer = Task {
            var count = 0
            for try await _ in database.firebase.events(at: "anything") {
                count += 1
                started.continuation.yield()
            }
            return count
        }
        for await _ in started.stream { break }
        consumer.cancel()
        #expect(try await consumer.value == 1)
    }

    /// Reads values until one equals `expected`; `false` if the stream ends first.
    private func next(
        of values: inout NetworkStream<JSON>.AsyncIterator, equalTo expected: JSON
    ) async throws -> Bool {
        while let value = try await values.next() {
            if value == expected { return true }
        }
        return false
    }
}
