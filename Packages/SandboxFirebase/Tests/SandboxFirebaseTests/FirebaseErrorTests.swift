import Foundation
import Networking
import SandboxCore
import Testing

@testable import SandboxFirebase

@Suite("Firebase emulator: every error, with Firebase's status and message")
struct FirebaseErrorTests {
    @Test("A body that is not JSON is refused and nothing is written")
    func invalidJSON() async throws {
        let firebase = try await FirebaseHarness()
        let message = "Invalid data; couldn't parse JSON object, array, or value."
        for body in ["{", "nope", #"{"a":1,}"#, "", #"{"a" 1}"#, "[1,2", "\"unterminated"] {
            expectError(await firebase.send("PUT", "/a.json", body), 400, message)
            expectError(await firebase.send("POST", "/a.json", body), 400, message)
            expectError(await firebase.send("PATCH", "/a.json", body), 400, message)
        }
        expectError(await firebase.send("PATCH", "/a.json", "5"), 400, message)
        expectError(await firebase.send("PATCH", "/a.json", "[1]"), 400, message)
        expectError(await firebase.send("PUT", "/a.json", #"{".sv":"yesterday"}"#), 400, message)
        expectError(await firebase.send("PUT", "/a.json", #"{".sv":"timestamp","b":1}"#), 400, message)
        #expect(await firebase.send("GET", "/.json").body == "null")
    }

    @Test("Keys with . $ # [ ] /, control characters or nothing are refused where they start")
    func invalidKeys() async throws {
        let firebase = try await FirebaseHarness()
        func message(_ position: String) -> String {
            "Invalid data; couldn't parse key beginning at \(position). Key value can't be empty or contain $ # [ ] / or ."
        }
        expectError(await firebase.send("PUT", "/a.json", #"{"a.b":1}"#), 400, message("1:2"))
        expectError(await firebase.send("PUT", "/a.json", #"{"ok":1,"$no":2}"#), 400, message("1:9"))
        expectError(
            await firebase.send("PUT", "/a.json", "{\n  \"ok\" : {\n    \"x#y\" : 1\n  }\n}"), 400, message("3:5"))
        for key in ["a[0]", "b]", "c/d", "", "tab\\tkey", "del\\u007f", "dot\\u002e"] {
            expectError(await firebase.send("PUT", "/a.json", #"{"\#(key)":1}"#), 400, message("1:2"))
        }
        expectError(await firebase.send("POST", "/a.json", #"[{"a$":1}]"#), 400, message("1:3"))
        expectError(await firebase.send("PATCH", "/a.json", #"{"x/y.z":1}"#), 400, message("1:2"))
        expectError(await firebase.send("PATCH", "/a.json", #"{"/":1}"#), 400, message("1:2"))
        // In a PATCH only the top-level keys are paths.
        expectError(await firebase.send("PATCH", "/a.json", #"{"x":{"y/z":1}}"#), 400, message("1:7"))
        #expect(await firebase.send("GET", "/.json").body == "null")
    }

    @Test("Invalid characters in the URL path are refused")
    func invalidPaths() async throws {
        let firebase = try await FirebaseHarness()
        let message = "Invalid path: Invalid token in path"
        for path in [
            "/a.b.json", "/a$.json", "/a%23b.json", "/x/%5B0%5D.json", "/a%2Fb.json", "/tab%09.json", "/%zz.json",
        ] {
            expectError(await firebase.send("GET", path), 400, message)
            expectError(await firebase.send("PUT", path, "1"), 400, message)
        }
        #expect(await firebase.send("GET", "/.json").body == "null")
    }

    @Test("Deeper than 32 levels and keys over 768 bytes are refused")
    func limits() async throws {
        let firebase = try await FirebaseHarness()
        let deep = "Path specified exceeds the maximum depth that can be written (32)."
        let path32 = "/" + (1...32).map { "k\($0)" }.joined(separator: "/")
        #expect(await firebase.send("PUT", path32 + ".json", "1").status == 200)
        expectError(await firebase.send("PUT", path32 + "/k33.json", "1"), 400, deep)
        expectError(await firebase.send("GET", path32 + "/k33.json"), 400, deep)
        expectError(await firebase.send("POST", path32 + ".json", "1"), 400, deep)
        let nested = String(repeating: #"{"a":"#, count: 32) + "1" + String(repeating: "}", count: 32)
        expectError(await firebase.send("PUT", "/n.json", nested), 400, deep)
        #expect(await firebase.send("PUT", "/.json", nested).status == 200)
        let hostile = String(repeating: "[", count: 100_000)
        expectError(await firebase.send("PUT", "/h.json", hostile), 400, deep)
        expectError(await firebase.send("PATCH", "/.json", #"{"\#(path32.dropFirst())/x":1}"#), 400, deep)

        let long = String(repeating: "k", count: 769)
        let tooLong = "Data has a key path longer than 768 bytes (769)."
        #expect(await firebase.send("PUT", "/ok.json", #"{"\#(String(long.dropFirst()))":1}"#).status == 200)
        expectError(await firebase.send("PUT", "/l.json", #"{"\#(long)":1}"#), 400, tooLong)
        expectError(await firebase.send("PUT", "/\(long).json", "1"), 400, tooLong)
        expectError(await firebase.send("PATCH", "/.json", #"{"a/\#(long)":1}"#), 400, tooLong)
    }

    @Test("Query errors: orderBy missing or not JSON, bad limits, non-primitive constraints")
    func queryErrors() async throws {
        let firebase = try await FirebaseHarness()
        await firebase.send("PUT", "/p.json", #"{"a":{"t":1}}"#)
        let needsOrderBy = "orderBy must be defined when other query parameters are defined"
        for query in [
            "limitToFirst=1", "limitToLast=1", "startAt=1", "endAt=1", "equalTo=1", "startAfter=1", "endBefore=1",
        ] {
            expectError(await firebase.send("GET", "/p.json?\(query)"), 400, needsOrderBy)
        }
        let notJSON = "orderBy must be a valid JSON encoded path"
        for orderBy in ["t", "5", "%22%22", "%22a.b%22", "%22$other%22", "%7B%7D"] {
            expectError(await firebase.send("GET", "/p.json?orderBy=\(orderBy)"), 400, notJSON)
        }
        let primitive = "Constraint index field must be a JSON primitive"
        for constraint in [
            "startAt=%7B%22a%22%3A1%7D", "endAt=%5B1%5D", "equalTo=abc", "startAfter=", "endBefore=%5B%5D,%22k%22",
        ] {
            expectError(await firebase.send("GET", #"/p.json?orderBy="t"&\#(constraint)"#), 400, primitive)
        }
        for (query, message) in [
            (#"orderBy="t"&limitToFirst=abc"#, "limitToFirst must be an integer"),
            (#"orderBy="t"&limitToLast=1.5"#, "limitToLast must be an integer"),
            (#"orderBy="t"&limitToFirst=0"#, "limitToFirst must be positive"),
            (#"orderBy="t"&limitToLast=-3"#, "limitToLast must be positive"),
            (#"orderBy="t"&limitToFirst=1&limitToLast=1"#, "Only one of limitToFirst and limitToLast may be specified"),
            (
                #"orderBy="t"&equalTo=1&startAt=1"#,
                "equalTo cannot be specified in addition to startAfter, startAt, endAt, or endBefore"
            ),
            (#"orderBy="t"&startAt=1&startAfter=1"#, "Only one of startAt and startAfter may be specified"),
            (#"orderBy="t"&endAt=1&endBefore=1"#, "Only one of endAt and endBefore may be specified"),
            (#"orderBy="$key"&startAt=1"#, "Provided key index type is invalid, must be string"),
            (
                #"orderBy="$key"&equalTo="a","b""#,
                "When ordering by key, you may only pass one argument to startAt(), endAt(), or equalTo()."
            ),
        ] {
            expectError(await firebase.send("GET", "/p.json?" + query), 400, message)
        }
        expectError(
            await firebase.send("GET", #"/p.json?shallow=true&orderBy="$key""#), 400,
            "Mixing 'shallow' and querying parameters is not supported")
    }

    @Test("Conditional requests refuse shallow, queries and print=silent")
    func conditionalErrors() async throws {
        let firebase = try await FirebaseHarness()
        expectError(
            await firebase.send("GET", "/a.json?shallow=true", headers: ["X-Firebase-ETag": "true"]), 400,
            "Mixing 'shallow' and etag requests is not supported")
        let mixing =
            "Mixing 'shallow', querying parameters or 'print=silent' and if-match or if-none-match requests is not supported"
        expectError(
            await firebase.send("PUT", "/a.json?print=silent", "1", headers: ["if-match": "null_etag"]), 400, mixing)
        expectError(await firebase.send("GET", "/a.json?shallow=true", headers: ["if-none-match": "x"]), 400, mixing)
        expectError(
            await firebase.send("GET", #"/a.json?orderBy="$key""#, headers: ["if-none-match": "x"]), 400, mixing)
        #expect(await firebase.send("GET", "/.json").body == "null")
    }

    @Test("A PATCH naming a path and a path inside it is refused")
    func overlappingPatch() async throws {
        let firebase = try await FirebaseHarness()
        expectError(
            await firebase.send("PATCH", "/.json", #"{"a":1,"a/b":2}"#), 400,
            "Invalid data; contains a path /a that is ancestor of another path /a/b")
        #expect(await firebase.send("GET", "/.json").body == "null")
    }

    @Test("A body over the configured limit is refused without being stored")
    func bodyTooLarge() async throws {
        let storage = InMemoryStorage()
        let firebase = try await FirebaseHarness(.init(maxBodySize: 1024, seedsLessonData: false), storage: storage)
        let big = #"{"text":""# + String(repeating: "x", count: 1100) + #""}"#
        let message = "Data to write exceeds the maximum size that can be modified with a single request."
        expectError(await firebase.send("PUT", "/big.json", big), 400, message)
        expectError(await firebase.send("POST", "/big.json", big), 400, message)
        expectError(await firebase.send("PATCH", "/big.json", big), 400, message)
        #expect(await firebase.send("GET", "/big.json").body == "null")
        #expect(await storage.namespaces(withPrefix: "firebase/").isEmpty)
        #expect(await firebase.send("PUT", "/small.json", #"{"text":"fits"}"#).status == 200)
    }

    @Test("With an auth secret, databases start locked: 401 without it, 401 for a token that is not one")
    func authSecret() async throws {
        let firebase = try await FirebaseHarness(.init(authSecret: "s3cret", seedsLessonData: false))
        for (method, body) in [("GET", ""), ("PUT", "1"), ("POST", "1"), ("PATCH", #"{"a":1}"#), ("DELETE", "")] {
            expectError(await firebase.send(method, "/a.json", body), 401, "Permission denied")
            expectError(await firebase.send(method, "/a.json?auth=wrong", body), 401, "Could not parse auth token.")
        }
        let stream = await firebase.stream("/a.json")
        #expect(stream.status == 401)
        #expect(await firebase.send("PUT", "/a.json?auth=s3cret", "1").body == "1")
        #expect(await firebase.send("GET", "/a.json?auth=s3cret").body == "1")
        // With a secret, the emulators' `owner` is not an administrator.
        expectError(
            await firebase.send("GET", "/a.json", headers: ["Authorization": "Bearer owner"]), 401,
            "Could not parse auth token.")
        try await firebase.firebase.setValue(2, at: "a")
        #expect(await firebase.send("GET", "/a.json?auth=s3cret").body == "2")
        // Without a secret the database is open, and `owner` is an administrator.
        let open = try await FirebaseHarness()
        #expect(await open.send("GET", "/a.json").status == 200)
        #expect(await open.send("GET", "/a.json", headers: ["Authorization": "Bearer owner"]).status == 200)
        expectError(await open.send("GET", "/a.json?auth=anything"), 401, "Could not parse auth token.")
    }

    @Test("Unknown methods and bad namespaces are refused; the emulator keeps serving")
    func unknownMethodAndNamespace() async throws {
        let firebase = try await FirebaseHarness()
        expectError(await firebase.send("BREW", "/a.json"), 405, "Method not allowed")
        expectError(
            await firebase.send("POST", "/a.json", headers: ["X-HTTP-Method-Override": "TRACE"]), 405,
            "Method not allowed")
        let badNamespace = "Invalid namespace: use letters, digits, '-' and '_' only"
        expectError(await firebase.send("GET", "/a.json?ns=bad/name"), 400, badNamespace)
        expectError(await firebase.send("GET", "/a.json?ns="), 400, badNamespace)
        #expect(await firebase.send("PUT", "/a.json", "1").status == 200)
    }
}
