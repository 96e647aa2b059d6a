import Foundation
import Networking
import Sandbox
import Testing

/// The examples of Firebase's Realtime Database Security Rules pages (the
/// overview, the rules language, conditions, "secure data" and the
/// reference), each over HTTP with a request it allows and one it denies.
@Suite("Firebase rules over HTTP: the documentation's examples, allowed and denied")
struct FirebaseRulesHTTPTests {
    /// One request and the status it must get.
    struct Step: CustomStringConvertible {
        var method: String
        var path: String
        var body: String?
        /// Signed in as this uid (an unsigned ID token), or signed out.
        var uid: String?
        var claims: [String: JSON] = [:]
        var status: Int

        var description: String { "\(method) \(path) as \(uid ?? "nobody") → \(status)" }
    }

    struct Example: CustomTestStringConvertible, Sendable {
        var name: String
        var rules: String
        var data: String = "null"
        var steps: [Step]

        var testDescription: String { name }
    }

    static func allow(
        _ method: String, _ path: String, _ body: String? = nil, uid: String? = nil, claims: [String: JSON] = [:]
    ) -> Step {
        Step(method: method, path: path, body: body, uid: uid, claims: claims, status: 200)
    }

    static func deny(
        _ method: String, _ path: String, _ body: String? = nil, uid: String? = nil, claims: [String: JSON] = [:]
    ) -> Step {
        Step(method: method, path: path, body: body, uid: uid, claims: claims, status: 401)
    }

    static let examples: [Example] = [
        Example(
            name: "Overview: a grant cascades; a child cannot take it back",
            rules: #"{"rules": {"foo": {".read": true, ".write": false, "bar": {".read": false}}}}"#,
            data: #"{"foo": {"bar": 1}}"#,
            steps: [allow("GET", "/foo/bar.json"), allow("GET", "/foo.json"), deny("PUT", "/foo/bar.json", "2")]),
        Example(
            name: "Rules are not filters: reading a parent needs a grant at or above it",
            rules: #"{"rules": {"records": {"rec1": {".read": true}, "rec2": {".read": false}}}}"#,
            data: #"{"records": {"rec1": 1, "rec2": 2}}"#,
            steps: [
                allow("GET", "/records/rec1.json"), deny("GET", "/records.json"), deny("GET", "/records/rec2.json"),
            ]),
        Example(
            name: "A user's own node: $uid === auth.uid",
            rules: #"{"rules": {"users": {"$uid": {".read": "$uid === auth.uid", ".write": "$uid === auth.uid"}}}}"#,
            steps: [
                allow("PUT", "/users/ada.json", #"{"name": "Ada"}"#, uid: "ada"),
                deny("PUT", "/users/ada.json", #"{"name": "Eve"}"#, uid: "eve"),
                deny("GET", "/users/ada.json"), allow("GET", "/users/ada.json", uid: "ada"),
            ]),
        Example(
            name: "Signed-in users only: auth != null",
            rules: #"{"rules": {".read": "auth != null", ".write": "auth != null"}}"#,
            steps: [allow("PUT", "/a.json", "1", uid: "ada"), deny("PUT", "/a.json", "1"), deny("GET", "/a.json")]),
        Example(
            name: "Query-based rules: orderByChild owner, equalTo auth.uid",
            rules: #"""
                {"rules": {"baskets": {".indexOn": "owner",
                  ".read": "auth.uid !== null && query.orderByChild === 'owner' && query.equalTo === auth.uid"}}}
                """#,
            data: #"{"baskets": {"b1": {"owner": "ada"}, "b2": {"owner": "bob"}}}"#,
            steps: [
                allow("GET", #"/baskets.json?orderBy=%22owner%22&equalTo=%22ada%22"#, uid: "ada"),
                deny("GET", #"/baskets.json?orderBy=%22owner%22&equalTo=%22bob%22"#, uid: "ada"),
                deny("GET", "/baskets.json", uid: "ada"),
            ]),
        Example(
            name: "Query-based rules: orderByKey with limitToFirst <= 1000",
            rules: #"{"rules": {"messages": {".read": "query.orderByKey && query.limitToFirst <= 1000"}}}"#,
            steps: [
                allow("GET", #"/messages.json?orderBy=%22$key%22&limitToFirst=1000"#),
                deny("GET", #"/messages.json?orderBy=%22$key%22&limitToFirst=1001"#),
                deny("GET", "/messages.json"),
            ]),
        Example(
            name: "Validation: a string shorter than 100",
            rules:
                #"{"rules": {".write": true, "foo": {".validate": "newData.isString() && newData.val().length < 100"}}}"#,
            steps: [
                allow("PUT", "/foo.json", #""short""#), deny("PUT", "/foo.json", "1"),
                deny("PUT", "/foo.json", "\"" + String(repeating: "x", count: 100) + "\""),
            ]),
        Example(
            name: "Create or delete, never update: !data.exists() || !newData.exists()",
            rules: #"{"rules": {"items": {"$id": {".write": "!data.exists() || !newData.exists()"}}}}"#,
            steps: [
                allow("PUT", "/items/a.json", "1"), deny("PUT", "/items/a.json", "2"), allow("DELETE", "/items/a.json"),
            ]),
        Example(
            name: "Referencing other paths: root, parent(), child()",
            rules: #"""
                {"rules": {"$id": {".write": "root.child('allow_writes').val() === true && !data.parent().child('readOnly').exists() && newData.child('foo').exists()"}}}
                """#,
            data: #"{"allow_writes": true}"#,
            steps: [allow("PUT", "/x.json", #"{"foo": 1}"#), deny("PUT", "/y.json", #"{"bar": 1}"#)]),
        Example(
            name: "Validating a widget: hasChildren, ranges, a lookup, no other fields",
            rules: #"""
                {"rules": {".write": true, "widget": {
                  ".validate": "newData.hasChildren(['color', 'size'])",
                  "size": {".validate": "newData.isNumber() && newData.val() >= 0 && newData.val() <= 99"},
                  "color": {".validate": "newData.isString() && root.child('valid_colors/' + newData.val()).exists()"},
                  "$other": {".validate": false}}}}
                """#,
            data: #"{"valid_colors": {"red": true}}"#,
            steps: [
                allow("PUT", "/widget.json", #"{"color": "red", "size": 1}"#),
                deny("PUT", "/widget.json", #"{"color": "blue", "size": 1}"#),
                deny("PUT", "/widget.json", #"{"color": "red", "size": 1, "shape": "round"}"#),
            ]),
        Example(
            name: "Timestamps in the past only: newData.val() <= now",
            rules: #"{"rules": {".write": true, "time": {".validate": "newData.val() <= now"}}}"#,
            steps: [
                allow("PUT", "/time.json", "1000"), deny("PUT", "/time.json", "99999999999999"),
                allow("PUT", "/time.json", #"{".sv": "timestamp"}"#),
            ]),
        Example(
            name: "Verified Google addresses: auth.token.email_verified and matches",
            rules:
                #"{"rules": {".read": "auth.token.email_verified == true && auth.token.email.matches(/.*@google.com$/)"}}"#,
            steps: [
                allow("GET", "/a.json", uid: "g", claims: ["email": "ada@google.com", "email_verified": true]),
                deny("GET", "/a.json", uid: "g", claims: ["email": "ada@example.com", "email_verified": true]),
                deny("GET", "/a.json", uid: "g", claims: ["email": "ada@google.com", "email_verified": false]),
            ]),
        Example(
            name: "Custom claims: auth.token.admin === true",
            rules: #"{"rules": {".write": "auth.token.admin === true"}}"#,
            steps: [
                allow("PUT", "/a.json", "1", uid: "root", claims: ["admin": true]),
                deny("PUT", "/a.json", "1", uid: "ada"),
            ]),
        Example(
            name: "String members: replace, toLowerCase, beginsWith, endsWith, contains",
            rules: #"""
                {"rules": {
                  "users": {".read": "root.child('users').child(auth.token.email.replace('.', ',').toLowerCase()).exists()"},
                  "codes": {"$code": {".write": "$code.beginsWith('A') && $code.endsWith('Z') && newData.val().contains('@')"}}}}
                """#,
            data: #"{"users": {"ada@example,com": true}}"#,
            steps: [
                allow("GET", "/users.json", uid: "ada", claims: ["email": "Ada@Example.com"]),
                deny("GET", "/users.json", uid: "bob", claims: ["email": "bob@example.com"]),
                allow("PUT", "/codes/ABZ.json", #""a@b""#), deny("PUT", "/codes/ABC.json", #""a@b""#),
                deny("PUT", "/codes/ABZ.json", #""ab""#),
            ]),
        Example(
            name: "Providers and hasChild: auth.provider, newData.hasChild",
            rules: #"{"rules": {"$uid": {".write": "auth.provider === 'password' && newData.hasChild('name')"}}}"#,
            steps: [
                allow("PUT", "/ada.json", #"{"name": "Ada"}"#, uid: "ada"),
                deny("PUT", "/ada.json", #"{"age": 3}"#, uid: "ada"),
            ]),
        Example(
            name: "Types: isNumber, isBoolean, and the ternary",
            rules: #"""
                {"rules": {".write": true, "n": {".validate": "newData.isNumber() ? newData.val() % 2 == 0 : newData.isBoolean()"}}}
                """#,
            steps: [
                allow("PUT", "/n.json", "4"), allow("PUT", "/n.json", "true"), deny("PUT", "/n.json", "3"),
                deny("PUT", "/n.json", #""4""#),
            ]),
    ]

    @Test("Each example allows what it should and denies the rest", arguments: examples)
    func example(_ example: Example) async throws {
        try await FirebaseHTTP.withServer { server in
            let owner = ["Authorization": "Bearer owner"]
            let rules = try await FirebaseHTTP.send(
                server.baseURL, "PUT", "/.settings/rules.json", example.rules, headers: owner)
            #expect(rules.status == 200, "\(rules.text)")
            let seeded = try await FirebaseHTTP.send(server.baseURL, "PUT", "/.json", example.data, headers: owner)
            #expect(seeded.status == 200)
            for step in example.steps {
                var headers: [String: String] = [:]
                if let uid = step.uid {
                    headers["Authorization"] =
                        "Bearer " + FirebaseEmulator.unsignedIDToken(uid: uid, claims: step.claims)
                }
                let reply = try await FirebaseHTTP.send(
                    server.baseURL, step.method, step.path, step.body, headers: headers)
                #expect(reply.status == step.status, "\(step): \(reply.text)")
                if step.status == 401 {
                    #expect(reply.text == FirebaseHTTP.errorBody("Permission denied"))
                }
            }
        }
    }
}
