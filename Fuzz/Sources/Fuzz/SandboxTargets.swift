import Foundation
import Networking

@testable import Sandbox
@testable import SandboxAirtable
@testable import SandboxCore
@testable import SandboxFirebase

/// The emulators, shared by the targets that send them requests; made anew
/// every few thousand inputs so writes cannot accumulate without end.
private final class SharedSandbox: @unchecked Sendable {
    private let lock = NSLock()
    private var sandbox: Sandbox?
    private var uses = 0

    func current() -> Sandbox {
        lock.withLock {
            uses += 1
            if sandbox == nil || uses % 5000 == 0 {
                var settings = SandboxConfiguration()
                settings.airtable.rateLimitEnabled = false
                let configuration = settings
                sandbox = blocking { try? await Sandbox(configuration: configuration) }
            }
            return sandbox!  // safe: an in-memory Sandbox always starts
        }
    }
}

private let shared = SharedSandbox()

/// Sends one request to the emulators and waits for the answer.
private func respond(_ request: SandboxRequest) {
    let sandbox = shared.current()
    _ = blocking { await sandbox.respond(to: request) }
}

extension FuzzTarget {
    /// The Realtime Database's protocol: each line is a frame a client
    /// sends one connection (a frame count, a message or a piece of one),
    /// then the connection closes (its onDisconnect writes are made). Every
    /// frame the server sent is a frame count or, put together, a JSON
    /// message.
    static let firebaseRealtime = FuzzTarget(name: "firebase-realtime") { data in
        let frames = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let sandbox = shared.current()
        let sent = blocking { () async -> [Data] in
            guard let connection = try? sandbox.firebase.openRealtimeConnection(namespace: "fuzz", host: "fuzz")
            else { return [] }
            for frame in frames.prefix(64) {
                await connection.receive(String(frame))
            }
            await connection.close()
            var sent: [Data] = []
            for await frame in connection.frames { sent.append(frame) }
            return sent
        }
        var pieces = 0
        var message = Data()
        for frame in sent {
            if pieces == 0, let count = Int(String(decoding: frame, as: UTF8.self)) {  // safe: a failed parse is nil
                pieces = count
                continue
            }
            message.append(frame)
            if pieces > 0 { pieces -= 1 }
            guard pieces == 0 else { continue }
            precondition((try? JSON.parse(message)) != nil, "a message that is not JSON")
            message = Data()
        }
        precondition(pieces == 0, "a message cut short")
    }

    /// The Sandbox's JSON parser, and writing back what it accepted.
    static let sandboxJSON = FuzzTarget(name: "sandbox-json") { data in
        guard let value = try? JSON.parse(data) else { return }
        _ = value.serialized()
    }

    /// Airtable's `filterByFormula`: lexer, parser and evaluator, over the
    /// lesson's records.
    static let airtableFormula = FuzzTarget(name: "airtable-formula") { data in
        let formula = String(decoding: data, as: UTF8.self)
        var query = URLComponents()
        query.queryItems = [URLQueryItem(name: "filterByFormula", value: formula)]
        respond(
            SandboxRequest(
                method: "GET",
                path: "/v0/\(AirtableEmulator.lessonBaseID)/\(AirtableEmulator.lessonTableID)",
                rawQuery: query.percentEncodedQuery,
                headers: ["Authorization": "Bearer \(AirtableEmulator.Configuration.defaultToken)"]))
    }

    /// An Airtable base in the metadata API's JSON, as `--airtable-base` and
    /// `POST /v0/meta/bases` read it: tables, fields, options, formulas,
    /// records; then every record's cells worked out (formulas, lookups,
    /// rollups on whatever options the file gives) and shown as JSON and
    /// as `cellFormat=string` text.
    static let airtableSchema = FuzzTarget(name: "airtable-schema") { data in
        guard let value = try? JSON.parse(data, maxDepth: 64),
            let base = try? AirtableSchemaCodec.base(value, collaborators: AirtableCollaborators(users: []))
        else { return }
        let format = AirtableStringFormat(timeZone: .utc, locale: "en-gb")
        for table in base.tables.prefix(4) {
            let attached = table.attached(to: base)
            let computation = AirtableComputation(budget: 200_000)
            for record in attached.orderedRecords.prefix(20) {
                _ = AirtableCells.render(record, in: attached, computation: computation)
                _ = AirtableCells.render(record, in: attached, stringFormat: format, computation: computation)
            }
        }
    }

    /// A create on the lesson's table with `typecast` on: the cell writer
    /// turning whatever the body's `fields` hold into each field's type.
    static let airtableWrite = FuzzTarget(name: "airtable-write") { data in
        guard let value = try? JSON.parse(data, maxDepth: 64) else { return }
        let body: JSON = ["fields": value, "typecast": true]
        respond(
            SandboxRequest(
                method: "POST",
                path: "/v0/\(AirtableEmulator.lessonBaseID)/\(AirtableEmulator.lessonTableID)",
                headers: [
                    "Authorization": "Bearer \(AirtableEmulator.Configuration.defaultToken)",
                    "Content-Type": "application/json",
                ],
                body: body.serialized()))
    }

    /// Airtable dates as `DATETIME_PARSE` reads them: the first line is the
    /// Moment format (empty for none), the rest the text; then formatted back.
    static let airtableDates = FuzzTarget(name: "airtable-dates") { data in
        let text = String(decoding: data, as: UTF8.self)
        let format = String(text.prefix { $0 != "\n" })
        let value = String(text.dropFirst(format.count + 1))
        if let date = AirtableDateFormat.parse(value, format: format.isEmpty ? nil : format) {
            _ = AirtableDateFormat.format(date, format.isEmpty ? "LLLL Z x" : format)
        }
    }

    /// Firebase's query parameters (`orderBy`, `startAt`, `limitToLast`, …)
    /// as raw query text, on the lesson's posts.
    static let firebaseQuery = FuzzTarget(name: "firebase-query") { data in
        let query = String(decoding: data, as: UTF8.self)
        respond(SandboxRequest(method: "GET", path: "/posts.json", rawQuery: "ns=devmtn-post&" + query))
    }

    /// Firebase paths, keys and bodies: the first line is the method and
    /// path, the rest the body.
    static let firebaseWrite = FuzzTarget(name: "firebase-write") { data in
        let text = String(decoding: data, as: UTF8.self)
        let head = text.prefix { $0 != "\n" }
        let body = Data(text.dropFirst(head.count + 1).utf8)
        let methods = ["PUT", "POST", "PATCH", "DELETE", "GET"]
        let method = methods[Int(head.utf8.first ?? 0) % methods.count]
        let path = "/" + head.dropFirst()
        respond(SandboxRequest(method: method, path: String(path), rawQuery: "ns=fuzz", body: body))
    }

    /// What the admin side reads from a caller, as far as it lives in the
    /// toolchain-only packages: the first line is a method and a path with
    /// its query, then header lines up to an empty one, then the body. The
    /// request goes through an emulator and into the log; its recorded entry
    /// is redacted and written as cURL as the console's detail does; the body
    /// is read as a fault (`POST /__sandbox/faults`) and injected.
    static let requestLog = FuzzTarget(name: "request-log") { data in
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)[...]
        let head = lines.popFirst() ?? ""
        var fields = HeaderFields()
        while let line = lines.popFirst(), !line.isEmpty {
            let field = line.split(separator: ":", maxSplits: 1)
            if field.count == 2 {
                fields.add(name: String(field[0]), value: field[1].trimmingCharacters(in: .whitespaces))
            }
        }
        let headers = fields
        let body = Data(lines.joined(separator: "\n").utf8)
        let method = String(head.prefix { $0 != " " })
        let target = String(head.dropFirst(method.count + 1))
        let sandbox = shared.current()
        _ = blocking {
            _ = await sandbox.respond(to: SandboxRequest(method, "/" + target, headers: headers, body: body))
            guard let entry = await sandbox.requests.all.last else { return false }
            _ = entry.requestBody.redactedText()
            _ = entry.responseBody.redactedText()
            if let url = URL(string: "http://127.0.0.1\(entry.target)") {
                _ = TransportRequest(
                    method: .post, url: url, headers: entry.requestHeaders, data: entry.requestBody.prefix
                )
                .cURLDescription()
            }
            if let fault = try? JSONDecoder().decode(Fault.self, from: body) {
                try? sandbox.faults.inject(fault)
                _ = try? JSONEncoder().encode(sandbox.faults.pending)
            }
            // Faults and latency would change every later input: undone here.
            sandbox.faults.reset()
            return true
        }
    }

    /// Fault path patterns: the first line is the pattern, the rest the
    /// path; matching must be linear and agree with the obvious rules.
    /// A route pattern (first line) against a path (the rest), and the path
    /// through every emulator's table: never a trap, and a pattern without
    /// parameters matches exactly its own segments.
    static let routes = FuzzTarget(name: "routes") { data in
        let text = String(decoding: data, as: UTF8.self)
        let pattern = String(text.prefix { $0 != "\n" })
        let path = String(text.dropFirst(pattern.count + 1))
        let segments = SandboxRequest(method: "GET", path: path).pathSegments
        let compiled = PathPattern(pattern)
        if let parameters = compiled.match(segments), !pattern.contains("{") {
            precondition(parameters == RouteParameters(), "a pattern without parameters has none")
            precondition(
                segments == pattern.split(separator: "/").map(String.init), "a literal pattern matches itself only")
        }
        for method in HTTPMethod.allCases {
            _ = FirebaseEmulator.routes.match(method: method, segments: segments)
            _ = AirtableEmulator.routes.match(method: method, segments: segments)
            _ = BankeyEmulator.routes.match(method: method, segments: segments)
            _ = SooGreyhoundsEmulator.routes.match(method: method, segments: segments)
        }
    }

    /// A file's `Range` and `If-Range`, as the Sandbox reads them: the
    /// first line is the range, the second the body's size. A part is
    /// always inside the body.
    static let byteRanges = FuzzTarget(name: "byte-ranges") { data in
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let header = String(lines.first ?? "")
        let size = lines.count > 1 ? min(Int(lines[1]) ?? 0, 1 << 20) : 1000
        if case .part(let part) = FileRequest.byteRange(header, size: max(0, size)) {
            precondition(part.lowerBound >= 0 && part.upperBound <= size && !part.isEmpty, "a part lies in the body")
        }
        let request = SandboxRequest("GET", "/f", headers: ["Range": header, "If-Range": header])
        _ = SandboxResponse.file(Data(count: min(max(0, size), 4096)), for: request, contentType: "x/y", etag: "\"e\"")
    }

    static let faultPatterns = FuzzTarget(name: "fault-patterns") { data in
        let text = String(decoding: data, as: UTF8.self)
        let pattern = String(text.prefix { $0 != "\n" })
        let path = String(text.dropFirst(pattern.count + 1))
        let compiled = FaultPattern(pattern)
        let matched = compiled.matches(path)
        if !pattern.contains("*") {
            precondition(
                matched == (pattern.utf8.elementsEqual(path.utf8)), "a pattern without stars matches itself only")
        }
        precondition(FaultPattern("*").matches(path), "* matches everything")
        if matched {
            precondition(FaultPattern("*" + pattern + "*").matches(path), "a match stays a match inside stars")
        }
    }
}

extension FuzzTarget {
    /// An export's Airtable and SooGreyhounds files: the first byte picks
    /// which file the rest is (a base, the webhooks, the uploads listing);
    /// each reads or fails with an error, never a trap.
    static let exportFiles = FuzzTarget(name: "export-files") { data in
        guard let choice = data.first else { return }
        let content = Data(data.dropFirst())
        let sandbox = shared.current()
        let (service, files): (any SandboxExporting, [String: Data]) =
            switch choice % 3 {
            case 0: (sandbox.airtable, ["bases/appFuzz.json": content])
            case 1: (sandbox.airtable, ["webhooks.json": content])
            default: (sandbox.soogreyhounds, ["uploads.json": content, "images/100001.jpg": content])
            }
        blocking { try? await service.importFiles(files) }
    }

    /// `POST /__sandbox/faults` bodies: a fault that reads is within its
    /// bounds, and lists itself as it was read.
    static let faultForms = FuzzTarget(name: "fault-forms") { data in
        guard let fault = try? JSONDecoder().decode(Fault.self, from: data) else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        precondition((try? fault.validate()) != nil, "a fault that reads is within its bounds")
        guard let listed = try? encoder.encode(fault),
            let again = try? JSONDecoder().decode(Fault.self, from: listed),
            let relisted = try? encoder.encode(again)
        else { preconditionFailure("a fault that reads lists itself readably") }
        precondition(listed == relisted, "a fault lists itself the same way twice")
    }
}

// MARK: Firebase security rules

/// A small database for the rules targets to read: users, posts, a list.
private let rulesTree = FirebaseTree(
    root: [
        "users": ["ada": ["name": "Ada", "admin": true], "bob": ["name": "Bob"]],
        "posts": ["p1": ["uid": "ada", "text": "Hello", "timestamp": 1_700_000_000_000]],
        "valid_colors": ["red": true],
    ])

/// Checks a read and a write of each of a few places against `rules`, as
/// a signed-out caller and as a user with claims.
private func exercise(_ rules: FirebaseRules, auths: [JSON]) {
    let places = [
        FirebasePath.root, FirebasePath(relative: "users/ada"), FirebasePath(relative: "posts/p1/text"),
        FirebasePath(relative: "widget"),
    ]
    let value: JSON = ["uid": "ada", "text": "Changed", "color": "red", "size": 5]
    for auth in auths {
        let check = FirebaseRuleCheck(rules: rules, auth: auth, now: 1_700_000_000_000)
        for path in places {
            _ = check.read(path, query: FirebaseRESTQuery(order: .key, limit: .first(10)), in: rulesTree)
            var after = rulesTree
            let before = rulesTree.value(at: path)
            after.set(value, at: path)
            _ = check.write([path], data: FirebaseRuleData(tree: after, replaced: [(path, before)]))
        }
    }
}

private let ruleAuths: [JSON] = [
    .null,
    [
        "uid": "ada", "provider": "password",
        "token": ["email": "ada@example.com", "email_verified": true, "admin": true],
    ],
]

extension FuzzTarget {
    /// A whole rules file (`{"rules": …}`, comments allowed): the document
    /// parser, the rules compiler and expression parser, then, when it
    /// parses, reads and writes checked against it.
    static let firebaseRules = FuzzTarget(name: "firebase-rules") { data in
        guard let rules = try? FirebaseRules(source: String(decoding: data, as: UTF8.self)) else { return }
        _ = rules.strictJSON
        exercise(rules, auths: ruleAuths)
    }

    /// One rule expression (the first line) evaluated as `.read`, `.write`
    /// and `.validate` under `/$a/$b`, with the auth of the token on the
    /// second line (an ID token is a JWT; anything else is the caller's
    /// problem), over a tree and the new data of the rest as JSON.
    static let firebaseRuleEvaluation = FuzzTarget(name: "firebase-rule-eval") { data in
        let lines = String(decoding: data, as: UTF8.self).split(
            separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
        guard let expression = lines.first else { return }
        let quoted = FirebaseJSONWriter.text(.string(String(expression)))
        let source =
            #"{"rules": {"$a": {"$b": {".read": "# + quoted + #", ".write": "# + quoted + #", ".validate": "#
            + quoted + "}}}}"
        guard let rules = try? FirebaseRules(source: source) else { return }
        var auths = ruleAuths
        if lines.count > 1, let claims = UnsignedJWT.claims(of: String(lines[1])) {
            auths.append(["uid": claims["sub"] ?? .null, "provider": "custom", "token": .object(claims)])
        }
        if lines.count > 2, let value = try? JSON.parse(Data(lines[2].utf8)) {
            var after = rulesTree
            let path = FirebasePath(relative: "users/ada")
            after.set(value, at: path)
            for auth in auths {
                let check = FirebaseRuleCheck(rules: rules, auth: auth, now: 1_700_000_000_000)
                _ = check.write(
                    [path], data: FirebaseRuleData(tree: after, replaced: [(path, rulesTree.value(at: path))]))
            }
        }
        exercise(rules, auths: auths)
    }

    /// A `matches()` regular expression (the first line, flags after the
    /// last `/` if any) compiled and run over the rest, within a budget.
    static let firebaseRegex = FuzzTarget(name: "firebase-regex") { data in
        let text = String(decoding: data, as: UTF8.self)
        let pattern = text.prefix { $0 != "\n" }
        let subject = String(text.dropFirst(pattern.count + 1))
        let flags = pattern.hasSuffix("/i") ? "i" : ""
        guard let regex = try? LinearRegex(pattern: String(pattern.dropLast(flags.isEmpty ? 0 : 2)), flags: flags)
        else { return }
        var budget = 200_000
        _ = regex.matches(subject, budget: &budget)
    }
}

extension FuzzTarget {
    /// `multipart/form-data` as the emulators read it (SooGreyhounds'
    /// upload API): the input's first line is the boundary, the rest the
    /// body, parsed directly and then sent to the upload route.
    static let multipart = FuzzTarget(name: "multipart") { data in
        let newline = data.firstIndex(of: UInt8(ascii: "\n")) ?? data.startIndex
        let boundary = String(decoding: data[data.startIndex..<newline].prefix(80), as: UTF8.self)
        let body = Data(data[newline...].dropFirst())
        let contentType = "multipart/form-data; boundary=\"\(boundary)\""
        if let form = try? MultipartFormData(body: body, contentType: contentType) {
            for part in form.parts { _ = part.text }
        }
        respond(
            SandboxRequest(
                method: "POST", path: "/services/upload/", rawQuery: nil,
                headers: ["Content-Type": contentType], body: body))
    }
}
