import Foundation
import Networking
import SandboxCore

/// One client connection of the Realtime Database's own protocol (version 5,
/// the one Firebase's iOS, Android and web SDKs speak over a WebSocket at
/// `/.ws?v=5&ns=…`), as a state machine driven by messages: a server hands
/// it each text frame the client sends (``receive(_:)``), writes out every
/// frame of ``frames`` in order, and calls ``close()`` when the socket
/// closes, however it closes.
///
/// It serves what the SDKs ask of the official emulator:
/// - listens (`q`) and unlistens (`n`), with queries and tags, answered by
///   the current data then a push (`d` or `m`) for every change;
/// - `get` (`g`);
/// - writes: put (`p`, with a hash `h` for transactions, answered
///   `datastale` when the data changed) and merge (`m`), server values
///   included;
/// - `onDisconnect` writes (`o`, `om`) and their cancelling (`oc`),
///   applied when the connection closes;
/// - `auth` and `gauth` with an ID token or the emulator's `owner`
///   credential, and `unauth`; the rules apply exactly as for REST, and a
///   listen the rules stop allowing is revoked (`c`);
/// - stats (`s`), pings, and messages split into frames.
///
/// It shares its database with the REST API: a REST write reaches its
/// listens, and its writes reach REST streams. Its memory is bounded: the
/// frames waiting for the client (a client that does not read is
/// disconnected), the size of a message, and the listens and
/// `onDisconnect` writes it holds.
public actor FirebaseRealtimeConnection {
    /// The most listens one connection holds.
    public static let maxListens = 1000
    /// The most `onDisconnect` writes one connection holds.
    public static let maxDisconnectWrites = 1000
    /// The most frames waiting for the client before it is disconnected.
    public static let backlog = 8192

    /// The frames to send the client, in order. When it ends, the server
    /// closes the socket.
    public nonisolated let frames: SandboxStream

    private let outbound: SandboxStream.Continuation
    /// Fires when ``frames`` ends.
    private nonisolated let end = Ending()
    private let emulator: FirebaseEmulator
    private let namespace: String
    private let database: FirebaseDatabase
    private var assembler: FirebaseRealtimeAssembler
    private var caller: FirebaseCaller = .user(auth: .null)
    /// The open listens by path and tag, with their ids in the database.
    private var listens: [ListenKey: OpenListen] = [:]
    /// The writes to make when the connection closes, in the order set.
    private var disconnectWrites: [(write: FirebaseWrite, caller: FirebaseCaller)] = []
    private var closed = false
    /// Its number in the emulator's table of connected clients.
    private let clientID: Int

    /// A listen, as the SDKs name it: by path and tag.
    private struct ListenKey: Hashable {
        var path: FirebasePath
        var tag: Int?
    }

    /// An open listen: its id in the database, and how the console lists it.
    private struct OpenListen {
        var id: Int
        var listed: FirebaseConnectedClient.Listen
    }

    init(emulator: FirebaseEmulator, namespace: String, database: FirebaseDatabase, host: String) {
        self.emulator = emulator
        self.namespace = namespace
        self.database = database
        clientID = emulator.connectedClientsTable.open(namespace: namespace)
        assembler = FirebaseRealtimeAssembler(maxMessageBytes: emulator.configuration.maxBodySize + 65_536)
        (frames, outbound) = SandboxStream.makeStream(backlog: Self.backlog)
        outbound.onTermination = { [end] in end.fire() }
        let sessionID = String(UInt64.random(in: .min ... .max), radix: 36)
        outbound.yield(
            FirebaseRealtimeMessage.hello(now: FirebaseEmulator.currentTime(), host: host, sessionID: sessionID))
    }

    /// Returns once ``frames`` has ended: the connection closed, or it
    /// dropped a client that fell too far behind (whose socket the server
    /// should then close, even if a write to it is stuck).
    public nonisolated func ended() async {
        await end.wait()
    }

    /// Handles one text frame from the client.
    public func receive(_ frame: String) async {
        guard !closed else { return }
        switch assembler.add(frame) {
        case .pending:
            return
        case .tooLarge:
            send(FirebaseRealtimeMessage.control("e", "The message is too large."))
            outbound.finish()
        case .message(let text):
            await handle(text)
        }
    }

    /// The connection closed: its listens end and its `onDisconnect`
    /// writes are made. Calling it again does nothing.
    public func close() async {
        guard !closed else { return }
        closed = true
        emulator.connectedClientsTable.close(clientID)
        for listen in listens.values {
            await database.unlisten(listen.id)
        }
        listens = [:]
        let writes = disconnectWrites
        disconnectWrites = []
        if !writes.isEmpty {
            let target = (try? emulator.databases.database(named: namespace)) ?? database
            for (write, caller) in writes {
                var write = write
                write.now = FirebaseEmulator.currentTime()
                _ = await target.apply(write, as: caller)
            }
        }
        outbound.finish()
        emulator.databases.streamEnded(in: namespace)
    }

    /// Tells the table of connected clients what this one listens to and
    /// who it is.
    private func publish() {
        let listens = listens.values.map(\.listed)
        let signedInAs: String? =
            switch caller {
            case .administrator: "administrator"
            case .user(let auth): auth["uid"]?.stringValue
            }
        emulator.connectedClientsTable.update(clientID) { client in
            client.listens = listens
            client.signedInAs = signedInAs
        }
    }

    // MARK: Messages

    private func handle(_ text: String) async {
        guard case .object(let envelope)? = try? JSON.parse(text, maxDepth: FirebasePath.maxDepth + 8) else {
            send(FirebaseRealtimeMessage.control("e", "Invalid message: not a JSON object."))
            return
        }
        let body = envelope["d"]
        switch envelope["t"] {
        case .string("c")?:
            if body?["t"] == .string("p") { send(FirebaseRealtimeMessage.pong) }
        case .string("d")?:
            guard case .string(let action)? = body?["a"] else {
                send(FirebaseRealtimeMessage.control("e", "Invalid message: no action."))
                return
            }
            let number = body?["r"].flatMap(Self.requestNumber)
            let answer: Answer
            if let request = body?["b"], case .object(let members) = request {
                answer = await perform(action, members)
            } else {
                answer = .refused("invalid_request", "The request has no body.")
            }
            if let number {
                send(FirebaseRealtimeMessage.response(to: number, status: answer.status, data: answer.data))
            }
        default:
            send(FirebaseRealtimeMessage.control("e", "Invalid message: unknown type."))
        }
    }

    /// A request number the client can match: a whole number an `Int` holds.
    private static func requestNumber(_ value: JSON) -> Int? {
        guard case .number(let number) = value, number >= 0, number <= 9_007_199_254_740_991 else { return nil }
        return Int(exactly: number)
    }

    /// A request's answer: its status and data.
    private struct Answer {
        var status: String
        var data: JSON

        static let ok = Answer(status: "ok", data: .null)

        static func refused(_ status: String, _ message: String) -> Answer {
            Answer(status: status, data: .string(message))
        }

        /// How the protocol names an emulator error.
        static func failed(_ error: FirebaseEmulatorError) -> Answer {
            error.status == 401 || error.status == 403
                ? .refused("permission_denied", "Permission denied")
                : .refused("invalid_request", error.message)
        }
    }

    private func perform(_ action: String, _ request: [String: JSON]) async -> Answer {
        do throws(FirebaseEmulatorError) {
            switch action {
            case "q": return try await listen(request)
            case "n": return try await unlisten(request)
            case "g": return try await get(request)
            case "p", "m": return try await write(request, merge: action == "m")
            case "o", "om": return try await setDisconnectWrite(request, merge: action == "om")
            case "oc": return try cancelDisconnectWrites(request)
            case "auth", "gauth": return try authenticate(request)
            case "unauth":
                caller = .user(auth: .null)
                publish()
                return .ok
            case "s": return .ok
            default: return .refused("invalid_request", "Unknown action.")
            }
        } catch {
            return .failed(error)
        }
    }

    private static func path(_ request: [String: JSON]) throws(FirebaseEmulatorError) -> FirebasePath {
        guard case .string(let text)? = request["p"] else { throw .invalidPath }
        let path = FirebasePath(relative: text)
        try FirebasePath.validate(path.keys, tooLongError: nil)
        return path
    }

    private static func query(_ request: [String: JSON]) throws(FirebaseEmulatorError) -> FirebaseRESTQuery? {
        switch request["q"] {
        case nil, .null?: return nil
        case .object(let object)?: return try FirebaseRESTQuery(protocolQuery: object)
        default: throw .invalidJSON
        }
    }

    private static func tag(_ request: [String: JSON]) -> Int? {
        request["t"].flatMap(requestNumber)
    }

    private func listen(_ request: [String: JSON]) async throws(FirebaseEmulatorError) -> Answer {
        let path = try Self.path(request)
        let query = try Self.query(request)
        let key = ListenKey(path: path, tag: Self.tag(request))
        if let existing = listens.removeValue(forKey: key) { await database.unlisten(existing.id) }
        guard listens.count < Self.maxListens else {
            return .refused("too_many_listens", "A connection holds at most \(Self.maxListens) listens.")
        }
        let listen = FirebaseRealtimeListen(
            path: path, tag: key.tag, query: key.tag == nil ? nil : request["q"], outbound: outbound)
        // The current data goes out first: the answer tells the SDK the
        // listen is complete.
        let id = try await database.listen(at: path, query: query, as: caller, listen: listen).get()
        listens[key] = OpenListen(
            id: id,
            listed: FirebaseConnectedClient.Listen(
                path: path.description,
                query: listen.query.map { String(decoding: FirebaseJSONWriter.data($0), as: UTF8.self) }))
        publish()
        return Answer(status: "ok", data: [:])
    }

    private func unlisten(_ request: [String: JSON]) async throws(FirebaseEmulatorError) -> Answer {
        let key = ListenKey(path: try Self.path(request), tag: Self.tag(request))
        if let listen = listens.removeValue(forKey: key) {
            await database.unlisten(listen.id)
            publish()
        }
        return .ok
    }

    private func get(_ request: [String: JSON]) async throws(FirebaseEmulatorError) -> Answer {
        let path = try Self.path(request)
        let value = try await database.read(at: path, query: try Self.query(request), as: caller).get()
        return Answer(status: "ok", data: value)
    }

    /// The write a put or merge request asks for.
    private static func write(_ request: [String: JSON], merge: Bool) throws(FirebaseEmulatorError) -> FirebaseWrite {
        let path = try path(request)
        let body = FirebaseJSONWriter.data(request["d"] ?? .null)
        let operation: FirebaseWrite.Operation =
            merge
            ? .update(try FirebaseBodyValidator.updateMembers(of: body, at: path))
            : .set(try FirebaseBodyValidator.value(of: body, depth: path.depth))
        return FirebaseWrite(path: path, operation: operation, wantsETag: false, now: FirebaseEmulator.currentTime())
    }

    private func write(_ request: [String: JSON], merge: Bool) async throws(FirebaseEmulatorError) -> Answer {
        var write = try Self.write(request, merge: merge)
        if !merge, case .string(let hash)? = request["h"] { write.precondition = .hash(hash) }
        let target = try emulator.databases.database(named: namespace)
        switch await target.apply(write, as: caller) {
        case .failure(let error): throw error
        case .success(.preconditionFailed): return .refused("datastale", "Transaction hash does not match")
        case .success(.written): return .ok
        }
    }

    private func setDisconnectWrite(_ request: [String: JSON], merge: Bool) async throws(FirebaseEmulatorError)
        -> Answer
    {
        guard disconnectWrites.count < Self.maxDisconnectWrites else {
            return .refused("invalid_request", "A connection holds at most \(Self.maxDisconnectWrites) writes.")
        }
        var write = try Self.write(request, merge: merge)
        // Refused now if the rules would refuse it now, as Firebase does.
        write.checksOnly = true
        let target = try emulator.databases.database(named: namespace)
        if case .failure(let error) = await target.apply(write, as: caller) { throw error }
        write.checksOnly = false
        disconnectWrites.append((write, caller))
        return .ok
    }

    private func cancelDisconnectWrites(_ request: [String: JSON]) throws(FirebaseEmulatorError) -> Answer {
        let path = try Self.path(request)
        disconnectWrites.removeAll { $0.write.path.isWithin(path) }
        return .ok
    }

    private func authenticate(_ request: [String: JSON]) throws(FirebaseEmulatorError) -> Answer {
        guard case .string(let credential)? = request["cred"] else { throw FirebaseCaller.unparsableToken }
        let override: FirebaseCaller?
        if request["noauth"] == .bool(true) {
            override = .user(auth: .null)
        } else if case .object(let variable)? = request["authvar"] {
            override = .user(auth: .object(variable))
        } else {
            override = nil
        }
        let caller: FirebaseCaller
        do throws(FirebaseEmulatorError) {
            caller = try FirebaseCaller(
                token: credential, secret: emulator.configuration.authSecret, now: Date(), cache: emulator.idTokens
            ) { override }
        } catch {
            return .refused(error == FirebaseCaller.expiredToken ? "expired_token" : "invalid_token", error.message)
        }
        self.caller = caller
        publish()
        switch caller {
        case .administrator:
            return Answer(status: "ok", data: ["auth": .null, "expires": .null])
        case .user(let auth):
            return Answer(status: "ok", data: ["auth": auth, "expires": auth["token"]?["exp"] ?? .null])
        }
    }

    private func send(_ message: Data) {
        if FirebaseRealtimeMessage.send(message, to: outbound) == .dropped { outbound.finish() }
    }
}

/// A one-time event any number of tasks may wait for: waiting after it
/// fired returns at once. Waiters are resumed after the lock is released.
private final class Ending: @unchecked Sendable {
    /// Guards the two `var`s; held for an assignment or an append.
    private let lock = NSLock()
    private var fired = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func fire() {
        let waiting = lock.withLock {
            fired = true
            defer { waiters = [] }
            return waiters
        }
        for waiter in waiting { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { waiter in
            let firedAlready = lock.withLock {
                if !fired { waiters.append(waiter) }
                return fired
            }
            if firedAlready { waiter.resume() }
        }
    }
}
