import Foundation
import Networking
import Testing

@testable import Sandbox
@testable import SandboxCore

@Suite("Faults: patterns, bounds, and matching outside the lock")
struct FaultTests {
    @Test("Patterns match any run of characters, slashes included")
    func patterns() {
        #expect(FaultPattern("/posts/*").matches("/posts/abc.json"))
        #expect(FaultPattern("*.json").matches("/a/b.json"))
        #expect(FaultPattern("/v0/*/Design*").matches("/v0/app/Design%20projects"))
        #expect(!FaultPattern("/posts/*").matches("/post.json"))
        #expect(FaultPattern("/x").matches("/x"))
        #expect(!FaultPattern("/x").matches("/xy"))
        #expect(FaultPattern("*").matches(""))
        #expect(FaultPattern("a*a").matches("aa"))
        #expect(!FaultPattern("a*a").matches("a"))
        #expect(FaultPattern("*abab*").matches("xxabaabab"))
        #expect(!FaultPattern("*abab*").matches("xxabaaba"))
        #expect(FaultPattern("*a*b*c*").matches("--a--b--c--"))
        #expect(!FaultPattern("*a*b*c*").matches("--c--b--a--"))
        #expect(FaultPattern("/é/*").matches("/é/x"))
    }

    @Test("Matching agrees with a plain recursive matcher on every small case")
    func agreesWithReference() {
        func reference(_ pattern: Substring, _ text: Substring) -> Bool {
            guard let first = pattern.first else { return text.isEmpty }
            if first == "*" {
                return reference(pattern.dropFirst(), text) || (!text.isEmpty && reference(pattern, text.dropFirst()))
            }
            return text.first == first && reference(pattern.dropFirst(), text.dropFirst())
        }
        let alphabet = ["a", "b", "*"]
        var patterns = [""]
        for _ in 0..<4 { patterns += patterns.flatMap { prefix in alphabet.map { prefix + $0 } } }
        let texts = Set(patterns.map { $0.replacingOccurrences(of: "*", with: "") } + ["abab", "aabb", "baba"])
        for pattern in Set(patterns) {
            for text in texts {
                #expect(FaultPattern(pattern).matches(text) == reference(pattern[...], text[...]), "\(pattern) \(text)")
            }
        }
    }

    @Test("A pathological pattern against a 60,000-byte path finishes, and gives the right answer")
    func pathological() {
        let pattern = "*a" + String(repeating: "a", count: 998) + "b*"
        let path = "/" + String(repeating: "a", count: 60_000)
        #expect(!FaultPattern(pattern).matches(path))
        #expect(FaultPattern(pattern).matches(path + String(repeating: "a", count: 999) + "b"))
        let stars = String(repeating: "*a", count: 500) + "*b"
        #expect(!FaultPattern(stars).matches(path))
    }

    @Test("Faults are bounded: pattern, body, headers, count; and at most 100 pending")
    func bounds() throws {
        let injector = FaultInjector()
        let tooLong = Fault(path: String(repeating: "a", count: Fault.maxPatternLength + 1), status: 500)
        #expect(throws: FaultError.self) { try injector.inject(tooLong) }
        let bigBody = Fault(path: "/*", status: 500, body: Data(count: Fault.maxBodySize + 1))
        #expect(throws: FaultError.self) { try injector.inject(bigBody) }
        var headers = HeaderFields()
        for index in 0...Fault.maxHeaders { headers.add(name: "X-\(index)", value: "1") }
        #expect(throws: FaultError.self) { try injector.inject(Fault(path: "/*", status: 500, headers: headers)) }
        #expect(throws: FaultError.self) {
            try injector.inject(Fault(path: "/*", status: 500, headers: ["A": "1\r\nB: 2"]))
        }
        #expect(throws: FaultError.self) { try injector.inject(Fault(path: "/*", count: 0, status: 500)) }
        #expect(throws: FaultError.self) { try injector.inject(Fault(path: "/*", status: 99)) }
        #expect(throws: FaultError.self) { try injector.inject(Fault(path: "/*", method: "GE T", status: 500)) }
        #expect(injector.pending.isEmpty)
        let bodies = FaultInjector.maxPendingBodyBytes / Fault.maxBodySize
        for _ in 0..<bodies {
            try injector.inject(Fault(path: "/*", status: 500, body: Data(count: Fault.maxBodySize)))
        }
        #expect(throws: FaultError.self) { try injector.inject(Fault(path: "/*", status: 500, body: Data(count: 1))) }
        for _ in bodies..<FaultInjector.maxPendingFaults {
            try injector.inject(Fault(path: "/*", status: 500))
        }
        #expect(throws: FaultError.self) { try injector.inject(Fault(path: "/*", status: 500)) }
        #expect(injector.pending.count == FaultInjector.maxPendingFaults)
        injector.reset()
        try injector.inject(Fault(path: "/*", status: 500))
        injector.setLatency(.seconds(100_000))
        #expect(injector.addedLatency == FaultInjector.maxLatency)
    }

    @Test("A fault reads and writes itself as the admin route takes it, every bound checked")
    func codable() throws {
        let json = Data(
            #"{"path":"/v0/*","method":"GET","count":3,"status":503,"headers":{"Retry-After":"1"},"body":"x"}"#.utf8)
        let fault = try JSONDecoder().decode(Fault.self, from: json)
        #expect(fault.path == "/v0/*" && fault.method == "GET" && fault.count == 3)
        guard case .respond(let status, let headers, let body) = fault.action else {
            Issue.record("expected a response")
            return
        }
        #expect(status == 503 && headers["Retry-After"] == "1" && body == Data("x".utf8))
        let again = try JSONDecoder().decode(Fault.self, from: JSONEncoder().encode(fault))
        #expect(again.path == fault.path && again.count == fault.count)
        let drop = try JSONDecoder().decode(Fault.self, from: Data(#"{"path":"/x","drop":true}"#.utf8))
        guard case .dropConnection = drop.action else {
            Issue.record("expected a drop")
            return
        }
        for bad in [
            #"{"path":"/x"}"#, #"{"path":"","status":500}"#, #"{"path":"/x","status":500,"count":1e300}"#,
            #"{"path":"/x","status":500,"count":1.5}"#, #"{"path":"/x","status":600}"#,
            #"{"path":"/x","status":500,"body":"\#(String(repeating: "a", count: Fault.maxBodySize + 1))"}"#,
        ] {
            #expect(throws: (any Error).self, "\(bad.prefix(60))") {
                try JSONDecoder().decode(Fault.self, from: Data(bad.utf8))
            }
        }
    }

    @Test("Concurrent requests use up a fault's count exactly, never twice")
    func exactCount() async throws {
        let sandbox = try await Sandbox()
        try sandbox.faults.inject(Fault(path: "/bankey/*", count: 25, status: 503))
        try sandbox.faults.inject(Fault(path: "/bankey/profile/*", count: 25, status: 502))
        let statuses = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<80 {
                group.addTask { await sandbox.respond(to: SandboxRequest("GET", "/bankey/profile/1")).status }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.filter { $0 == 503 }.count == 25)
        #expect(statuses.filter { $0 == 502 }.count == 25)
        #expect(statuses.filter { $0 == 200 }.count == 30)
        #expect(sandbox.faults.pending.isEmpty)
    }
}
