import Foundation
import Networking
import SandboxCore
import Testing

@testable import SandboxFirebase

/// An unsigned ID token, as the emulator accepts them.
func unsignedIDToken(uid: String, claims: [String: JSON] = [:], expiresIn: Int64 = 3600) -> String {
    FirebaseEmulator.unsignedIDToken(uid: uid, claims: claims, lifetime: .seconds(expiresIn))
}

@Suite("Firebase security rules: parsing, the settings endpoint, auth and enforcement")
struct FirebaseRulesTests {
    private static let owner: HeaderFields = ["Authorization": "Bearer owner"]

    private static func harness(rules: String) async throws -> FirebaseHarness {
        let firebase = try await FirebaseHarness()
        let saved = await firebase.send("PUT", "/.settings/rules.json", rules, headers: owner)
        #expect(saved.status == 200, "\(saved.body)")
        return firebase
    }

    private static func bearer(_ uid: String) -> HeaderFields {
        ["Authorization": "Bearer " + unsignedIDToken(uid: uid)]
    }

    @Test("Rules are read as saved (comments kept) and as strict JSON, by administrators only")
    func settingsEndpoint() async throws {
        let firebase = try await FirebaseHarness()
        let initial = await firebase.send("GET", "/.settings/rules.json", headers: Self.owner)
        #expect(initial.status == 200)
        #expect(initial.json == ["rules": [".read": true, ".write": true]])
        let source = """
            {
              // Anyone reads; nobody writes.
              "rules": {
                ".read": true, /* for now */
                ".write": false
              }
            }
            """
        let saved = await firebase.send("PUT", "/.settings/rules.json", source, headers: Self.owner)
        #expect(saved.status == 200)
        #expect(saved.json == ["status": "ok"])
        #expect(await firebase.send("GET", "/.settings/rules.json", headers: Self.owner).body == source)
        let strict = await firebase.send("GET", "/.settings/rules.json?format=strict", headers: Self.owner)
        #expect(strict.body == "{\n  \"rules\": {\n    \".read\": true,\n    \".write\": false\n  }\n}")
        // Not an administrator: refused, reads and writes alike.
        expectError(await firebase.send("GET", "/.settings/rules.json"), 401, "Permission denied")
        expectError(
            await firebase.send("PUT", "/.settings/rules.json", source, headers: Self.bearer("ada")), 401,
            "Permission denied")
        // The rules apply: reads pass, writes do not, administrators bypass.
        #expect(await firebase.send("GET", "/a.json").status == 200)
        expectError(await firebase.send("PUT", "/a.json", "1"), 401, "Permission denied")
        #expect(await firebase.send("PUT", "/a.json", "1", headers: Self.owner).status == 200)
        // Namespaces have their own rules.
        #expect(await firebase.send("PUT", "/a.json?ns=other", "1").status == 200)
    }

    @Test(
        "Rules the service would refuse get 400 with line:column and the problem",
        arguments: [
            (#"{"rulez": {}}"#, "1:1: Expected 'rules' property."),
            ("{\n  \"rules\": {\n    \".read\": \"foo == 1\"\n  }\n}", "3:15: Unknown variable 'foo'."),
            (#"{"rules": {".read": "newData.exists()"}}"#, "1:22: Unknown variable 'newData'."),
            (#"{"rules": {"a": {".write": "$id == auth.uid"}}}"#, "1:29: Unknown variable '$id'."),
            (#"{"rules": {"$a": {}, "$b": {}}}"#, "1:22: Can't have multiple wildcards at the same level."),
            (#"{"rules": {".read": "data.val() +"}}"#, "1:34: Unexpected end of expression."),
            (#"{"rules": {".read": "'text'"}}"#, "1:22: Expression must evaluate to a boolean."),
            (#"{"rules": {".read": "data.nope()"}}"#, "1:27: No such method/property 'nope'."),
            (#"{"rules": {".read": "auth.uid.matches(/(/)"}}"#, "1:39: Unterminated group in regular expression."),
            (#"{"rules": {".read": true, }"#, "1:27: Expected a key in quotes."),
            (#"{"rules": {".foo": true}}"#, "1:12: Invalid key: .foo. Keys beginning with '.' are reserved."),
        ])
    func rulesErrors(source: String, message: String) async throws {
        let firebase = try await FirebaseHarness()
        let reply = await firebase.send("PUT", "/.settings/rules.json", source, headers: Self.owner)
        #expect(reply.status == 400)
        #expect(reply.json?["error"]?.stringValue == "\n" + message + "\n", "\(source)")
        // Refused rules change nothing.
        #expect(await firebase.send("PUT", "/a.json", "1").status == 200)
    }

    @Test("An ID token's claims are auth: uid, provider, token; expired and malformed tokens are refused")
    func idTokens() async throws {
        let firebase = try await Self.harness(
            rules: #"""
                {"rules": {"users": {"$uid": {
                  ".read": "auth != null && auth.uid == $uid && auth.provider == 'password'",
                  ".write": "auth.token.email_verified == true && auth.token.email.matches(/.*@example[.]com$/i)"
                }}}}
                """#)
        let ada = unsignedIDToken(uid: "ada", claims: ["email": "ada@EXAMPLE.com", "email_verified": true])
        #expect(await firebase.send("GET", "/users/ada.json?auth=" + ada).status == 200)
        #expect(
            await firebase.send("GET", "/users/ada.json", headers: ["Authorization": "Bearer " + ada]).status == 200)
        expectError(await firebase.send("GET", "/users/bob.json?auth=" + ada), 401, "Permission denied")
        expectError(await firebase.send("GET", "/users/ada.json"), 401, "Permission denied")
        #expect(await firebase.send("PUT", "/users/ada.json?auth=" + ada, "1").status == 200)
        let unverified = unsignedIDToken(uid: "bob", claims: ["email": "bob@example.com", "email_verified": false])
        expectError(await firebase.send("PUT", "/users/bob.json?auth=" + unverified, "1"), 401, "Permission denied")
        let expired = unsignedIDToken(uid: "ada", expiresIn: -60)
        expectError(await firebase.send("GET", "/users/ada.json?auth=" + expired), 401, "Auth token is expired")
        expectError(await firebase.send("GET", "/users/ada.json?auth=a.b.c"), 401, "Could not parse auth token.")
    }

    @Test("auth_variable_override with administrator credentials runs the rules with that auth")
    func authOverride() async throws {
        let firebase = try await Self.harness(
            rules: #"{"rules": {"$uid": {".read": "auth != null && auth.uid == $uid", ".write": "auth == null"}}}"#)
        let override =
            "auth_variable_override=" + "{\"uid\":\"ada\"}".addingPercentEncoding(
                withAllowedCharacters: .alphanumerics)!
        #expect(await firebase.send("GET", "/ada.json?" + override, headers: Self.owner).status == 200)
        expectError(await firebase.send("GET", "/bob.json?" + override, headers: Self.owner), 401, "Permission denied")
        expectError(
            await firebase.send("GET", "/ada.json?auth_variable_override=null", headers: Self.owner), 401,
            "Permission denied")
        #expect(
            await firebase.send("PUT", "/ada.json?auth_variable_override=null", "1", headers: Self.owner).status == 200)
        expectError(
            await firebase.send("GET", "/ada.json?auth_variable_override=%5B%5D", headers: Self.owner), 400,
            "Invalid auth_variable_override: must be a JSON object or null.")
        // Without administrator credentials the override is not honoured.
        expectError(await firebase.send("GET", "/ada.json?" + override), 401, "Permission denied")
    }

    @Test("A multi-path PATCH is checked path by path and applied all or nothing")
    func multiPathUpdate() async throws {
        let firebase = try await Self.harness(
            rules: #"{"rules": {".read": true, "users": {"$uid": {".write": "auth.uid == $uid"}}}}"#)
        let ada = Self.bearer("ada")
        #expect(await firebase.send("PATCH", "/.json", #"{"users/ada/name": "Ada"}"#, headers: ada).status == 200)
        expectError(
            await firebase.send("PATCH", "/.json", #"{"users/ada/age": 36, "users/bob/name": "Eve"}"#, headers: ada),
            401, "Permission denied")
        #expect(await firebase.send("GET", "/users.json").json == ["ada": ["name": "Ada"]])
    }

    @Test("Validation: every applicable rule must hold, above and below the written path; deletes skip it")
    func validation() async throws {
        let firebase = try await Self.harness(
            rules: #"""
                {"rules": {".read": true, ".write": true,
                  "widget": {
                    ".validate": "newData.hasChildren(['color', 'size'])",
                    "size": {".validate": "newData.isNumber() && newData.val() >= 0 && newData.val() <= 99"},
                    "color": {".validate": "newData.isString() && root.child('valid_colors/' + newData.val()).exists()"},
                    "$other": {".validate": false}
                  }
                }}
                """#)
        try await firebase.firebase.setValue(["red": true], at: "valid_colors")
        #expect(await firebase.send("PUT", "/widget.json", #"{"color": "red", "size": 5}"#).status == 200)
        #expect(await firebase.send("PUT", "/widget/size.json", "6").status == 200)
        for (path, body) in [
            ("/widget.json", #"{"color": "red"}"#), ("/widget.json", #"{"color": "blue", "size": 5}"#),
            ("/widget/size.json", "100"), ("/widget/extra.json", "1"), ("/widget/size.json", #""big""#),
        ] {
            expectError(await firebase.send("PUT", path, body), 401, "Permission denied")
        }
        // Deleting one required child fails the parent's rule; deleting all of it validates nothing.
        expectError(await firebase.send("DELETE", "/widget/color.json"), 401, "Permission denied")
        #expect(await firebase.send("GET", "/widget.json").json == ["color": "red", "size": 6])
        #expect(await firebase.send("DELETE", "/widget.json").status == 200)
    }

    /// Rules whose literal arguments fail as written, and wildcards at two
    /// levels whose rules read `$` variables and `parent()`.
    private static let literalAndBindingRules = #"""
        {"rules": {".read": true, ".write": true,
          "bad": {
            "dots": {".validate": "newData.child('a.b').exists() || true"},
            "empty": {".validate": "newData.hasChild('')"},
            "top": {".validate": "root.parent().exists() || true"}
          },
          "good": {".validate": "newData.child('a/b').parent().parent().child('b').val() === 2 && newData.hasChildren(['a', 'b'])"},
          "teams": {"$team": {
            "name": {".validate": "newData.val() === $team"},
            "$member": {".validate": "newData.child('id').val() === $member && newData.parent().child('name').val() === $team"}
          }}
        }}
        """#

    @Test("Literal paths and lists are read once yet fail as written; each written child sees its own $ variable")
    func literalArgumentsAndBindings() async throws {
        let firebase = try await Self.harness(rules: Self.literalAndBindingRules)
        // A failing rule is false whatever follows it: `|| true` cannot save it.
        var failures: [String] = []
        for path in ["/bad/dots.json", "/bad/empty.json", "/bad/top.json"] {
            let response = await firebase.send("PUT", path, #"{"a": {"b": 1}}"#)
            expectError(response, 401, "Permission denied")
            failures.append(response.note ?? "")
        }
        #expect(failures.contains { $0.contains("invalid child path 'a.b'") }, "\(failures)")
        #expect(failures.contains { $0.contains("invalid child path ''") }, "\(failures)")
        #expect(failures.contains { $0.contains("the root has no parent") }, "\(failures)")
        #expect(await firebase.send("PUT", "/good.json", #"{"a": {"b": 1}, "b": 2}"#).status == 200)
        expectError(await firebase.send("PUT", "/good.json", #"{"a": {"b": 1}, "b": 3}"#), 401, "Permission denied")
        // Siblings bind `$member` each to its own key, the named child
        // between them binds nothing, and each rule's `parent()` is its own
        // place's, in one team and across two.
        let red = #"{"name": "red", "ada": {"id": "ada"}, "bob": {"id": "bob"}}"#
        #expect(await firebase.send("PUT", "/teams/red.json", red).status == 200)
        let blue = #"{"name": "blue", "cy": {"id": "cy"}}"#
        #expect(await firebase.send("PUT", "/teams.json", #"{"red": \#(red), "blue": \#(blue)}"#).status == 200)
        for (path, body) in [
            ("/teams/red.json", #"{"name": "red", "ada": {"id": "bob"}, "bob": {"id": "bob"}}"#),
            ("/teams/red.json", #"{"name": "blue", "ada": {"id": "ada"}}"#),
            ("/teams/red.json", #"{"ada": {"id": "ada"}}"#),
            ("/teams.json", #"{"red": \#(red), "blue": {"name": "red", "cy": {"id": "cy"}}}"#),
        ] {
            expectError(await firebase.send("PUT", path, body), 401, "Permission denied")
        }
    }

    @Test("A named rule matches a key by its bytes, as the service compares keys; a lookalike meets the wildcard")
    func namedChildrenMatchBytes() async throws {
        let firebase = try await Self.harness(
            rules: #"{"rules": {".read": true, "caf\u00e9": {".write": true}, "$other": {".write": false}}}"#)
        #expect(await firebase.send("PUT", "/caf%C3%A9.json", "1").status == 200)
        // The same word spelled with a combining accent is another key.
        expectError(await firebase.send("PUT", "/cafe%CC%81.json", "2"), 401, "Permission denied")
        #expect(await firebase.send("GET", "/caf%C3%A9.json").json == 1)
    }

    @Test("A variable's methods read its own value: data before the write, newData after it, root from the top")
    func snapshotVariableMethods() async throws {
        let firebase = try await Self.harness(
            rules: #"""
                {"rules": {".read": true,
                  "items": {"$id": {
                    ".write": "!data.exists() || data.isString()",
                    ".validate": "newData.isNumber() || newData.isBoolean() || newData.hasChildren(['a']) || root.child('allow').val() === true"
                  }},
                  "allow": {".write": true},
                  "refs": {"$id": {".write": true, ".validate": "root.child('items/' + newData.val()).exists()"}},
                  "raw": {"$id": {".write": true, ".validate": "root.child(newData.val()).exists()"}}
                }}
                """#)
        // `data` is the value before the write: new items and strings may be replaced, numbers not.
        #expect(await firebase.send("PUT", "/items/a.json", "1").status == 200)
        expectError(await firebase.send("PUT", "/items/a.json", "2"), 401, "Permission denied")
        #expect(await firebase.send("PUT", "/items/b.json", "true").status == 200)
        #expect(await firebase.send("PUT", "/items/c.json", #"{"a": 1}"#).status == 200)
        // `root` reads another part of the tree.
        expectError(await firebase.send("PUT", "/items/d.json", #""text""#), 401, "Permission denied")
        #expect(await firebase.send("PUT", "/allow.json", "true").status == 200)
        #expect(await firebase.send("PUT", "/items/d.json", #""text""#).status == 200)
        #expect(await firebase.send("PUT", "/items/d.json", "4").status == 200)
        // A computed child path: a string, or a number added to one.
        #expect(await firebase.send("PUT", "/refs/x.json", #""a""#).status == 200)
        expectError(await firebase.send("PUT", "/refs/x.json", #""zzz""#), 401, "Permission denied")
        #expect(await firebase.send("PUT", "/items/5.json", "5").status == 200)
        #expect(await firebase.send("PUT", "/refs/y.json", "5").status == 200)
        // The added value may name a deeper child, and is checked as written.
        #expect(await firebase.send("PUT", "/refs/z.json", #""c/a""#).status == 200)
        expectError(await firebase.send("PUT", "/refs/z.json", #""c/zz""#), 401, "Permission denied")
        for (body, reason) in [
            (#""c.a""#, "invalid child path 'items/c.a'"), (#"{"k": 1}"#, "cannot add string and object"),
        ] {
            let response = await firebase.send("PUT", "/refs/z.json", body)
            expectError(response, 401, "Permission denied")
            #expect(response.note?.contains(reason) == true, "\(response.note ?? "")")
        }
        // A computed path that is not a string fails the rule, and says why.
        #expect(await firebase.send("PUT", "/raw/x.json", #""items/a""#).status == 200)
        let refused = await firebase.send("PUT", "/raw/x.json", "5")
        expectError(refused, 401, "Permission denied")
        #expect(refused.note?.contains("child() takes a string path") == true, "\(refused.note ?? "")")
        #expect(
            await firebase.send("GET", "/items.json").json == ["5": 5, "a": 1, "b": true, "c": ["a": 1], "d": 4])
    }

    @Test("A denied request's note for the log says which rule refused it")
    func denialIsLogged() async throws {
        let firebase = try await Self.harness(rules: #"{"rules": {"posts": {".write": "auth != null"}}}"#)
        let notes = [
            await firebase.send("PUT", "/posts/a.json", "1").note, await firebase.send("GET", "/posts.json").note,
        ]
        #expect(notes[0] == #"No .write rule granted /posts/a: /posts/.write "auth != null" was false."#)
        #expect(notes[1] == "No .read rule applies to /posts, so none granted it.")
    }

    @Test("A stream whose reader loses read access gets cancel with null, and ends")
    func streamCancelledByRules() async throws {
        let firebase = try await Self.harness(rules: #"{"rules": {".read": "auth != null"}}"#)
        let stream = await firebase.stream("/a.json?auth=" + unsignedIDToken(uid: "ada"))
        #expect(stream.status == 200)
        #expect(await stream.next() == .init(name: "put", data: #"{"path":"/","data":null}"#))
        #expect(
            await firebase.send("PUT", "/.settings/rules.json", #"{"rules": {}}"#, headers: Self.owner).status == 200)
        #expect(await stream.next() == .init(name: "cancel", data: "null"))
        expectError(
            await firebase.send("GET", "/a.json?auth=" + unsignedIDToken(uid: "ada")), 401, "Permission denied")
    }

    @Test("A stream whose reader's ID token expires gets auth_revoked, and ends")
    func streamTokenExpires() async throws {
        let firebase = try await Self.harness(rules: #"{"rules": {".read": "auth != null"}}"#)
        let stream = await firebase.stream("/a.json?auth=" + unsignedIDToken(uid: "ada", expiresIn: 2))
        #expect(stream.status == 200)
        #expect(await stream.next() == .init(name: "put", data: #"{"path":"/","data":null}"#))
        #expect(await stream.next() == .init(name: "auth_revoked", data: #""credential is no longer valid""#))
        #expect(await stream.next() == nil)
    }

    @Test("Rules are kept across restarts per namespace; configured rules replace them at start")
    func rulesPersist() async throws {
        let storage = InMemoryStorage()
        let first = try await FirebaseHarness(.init(seedsLessonData: false), storage: storage)
        let locked = #"{"rules": {".read": false}}"#
        #expect(await first.send("PUT", "/.settings/rules.json?ns=kept", locked, headers: Self.owner).status == 200)
        let second = try await FirebaseHarness(.init(seedsLessonData: false), storage: storage)
        expectError(await second.send("GET", "/a.json?ns=kept"), 401, "Permission denied")
        #expect(await second.send("GET", "/a.json?ns=other").status == 200)
        let third = try await FirebaseHarness(
            .init(
                seedsLessonData: false, rules: #"{"rules": {".read": "auth != null"}}"#,
                namespaceRules: ["kept": #"{"rules": {".read": true}}"#]), storage: storage)
        #expect(await third.send("GET", "/a.json?ns=kept").status == 200)
        expectError(await third.send("GET", "/a.json?ns=other"), 401, "Permission denied")
        await #expect(throws: FirebaseEmulatorError.self) {
            _ = try await FirebaseHarness(.init(rules: "{"))
        }
    }

    @Test("Regular expressions: the documented subset, and no catastrophic backtracking")
    func regex() throws {
        func matches(_ pattern: String, _ text: String, flags: String = "") throws -> Bool? {
            var budget = 1_000_000
            return try LinearRegex(pattern: pattern, flags: flags).matches(text, budget: &budget)
        }
        #expect(try matches("^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$", "ada@example.com") == true)
        #expect(try matches("^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$", "ada@example") == false)
        #expect(try matches("^\\d{3}-\\d{4}$", "555-1234") == true)
        #expect(try matches("^\\d{3}-\\d{4}$", "555-12345") == false)
        #expect(try matches("colou?r", "my colour") == true)
        #expect(try matches("^(cat|dog)s?$", "dogs") == true)
        #expect(try matches("^(cat|dog)s?$", "cow") == false)
        #expect(try matches("HELLO", "hello", flags: "i") == true)
        #expect(try matches("[^\\s]+", "   ") == false)
        #expect(try matches("a.c", "a\nc") == false)
        // Exponential for a backtracking matcher; linear here.
        let evil = String(repeating: "a", count: 5000) + "!"
        #expect(try matches("^(a+)+$", evil) == false)
        #expect(try matches("^(a|aa)*b$", evil) == false)
        // A budget too small gives up instead of running on.
        var small = 100
        #expect(try LinearRegex(pattern: "(a*)*b", flags: "").matches(evil, budget: &small) == nil)
        #expect(throws: LinearRegex.SyntaxError.self) { try LinearRegex(pattern: "a{1,100000}", flags: "") }
        #expect(throws: LinearRegex.SyntaxError.self) {
            try LinearRegex(pattern: "(((a{50}){50}){50})", flags: "")
        }
        #expect(throws: LinearRegex.SyntaxError.self) { try LinearRegex(pattern: "a", flags: "g") }
    }

    @Test("Hostile rules are refused quickly: too large, too deep, too long an expression")
    func hostileRules() async throws {
        let firebase = try await FirebaseHarness()
        let deep =
            #"{"rules": "# + String(repeating: #"{"a": "#, count: 70) + "{}" + String(repeating: "}", count: 70) + "}"
        let tooLarge = #"{"rules": {".read": ""# + String(repeating: " ", count: 300_000) + #"true"}}"#
        let nested =
            #"{"rules": {".read": ""# + String(repeating: "(", count: 200) + "true"
            + String(repeating: ")", count: 200) + #""}}"#
        for source in [deep, tooLarge, nested] {
            #expect(await firebase.send("PUT", "/.settings/rules.json", source, headers: Self.owner).status == 400)
        }
        // A rule that would take too long to evaluate denies instead.
        let slow = try await Self.harness(
            rules: #"{"rules": {".read": true, ".write": "newData.val().matches(/^(a|aa)*b$/)"}}"#)
        let body = "\"" + String(repeating: "a", count: 200_000) + "\""
        expectError(await slow.send("PUT", "/x.json", body), 401, "Permission denied")
    }
}
