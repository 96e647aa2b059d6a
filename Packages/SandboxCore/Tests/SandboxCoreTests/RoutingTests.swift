import Networking
import Testing

@testable import SandboxCore

@Suite("Routes: path patterns, parameters, methods and the endpoint list")
struct RoutingTests {
    @Test("Literals and {parameters} match whole segments, and nothing more or less")
    func parameters() {
        let pattern: PathPattern = "/bankey/profile/{id}/accounts"
        #expect(pattern.match(["bankey", "profile", "7", "accounts"]) == RouteParameters(["id": "7"]))
        #expect(pattern.match(["bankey", "profile", "7"]) == nil)
        #expect(pattern.match(["bankey", "profile", "7", "accounts", "x"]) == nil)
        #expect(pattern.match(["bankey", "customer", "7", "accounts"]) == nil)
        #expect(pattern.match([]) == nil)
        #expect(PathPattern("/").match([]) == RouteParameters())
        #expect(pattern.description == "/bankey/profile/{id}/accounts")
    }

    @Test("{rest...} takes what the literals after it leave, and its suffix must end the last one")
    func rest() {
        let json: PathPattern = "/{path...}.json"
        #expect(json.match(["posts", "a.json"])?["path"] == "posts/a")
        #expect(json.match([".json"])?["path"] == "")
        #expect(json.match(["posts", "a"]) == nil)
        #expect(json.match([]) == nil)
        let priority: PathPattern = "/{path...}/.priority.json"
        #expect(priority.match(["posts", "a", ".priority.json"])?["path"] == "posts/a")
        #expect(priority.match([".priority.json"])?["path"] == "")
        #expect(priority.match(["posts", "a.json"]) == nil)
        // Suffixes are compared as bytes, whatever the characters before.
        #expect(json.match(["caf\u{e9}.json"])?["path"] == "caf\u{e9}")
        #expect(json.match(["a", "e\u{301}.json"])?["path"] == "a/e\u{301}")
        #expect(json.match(["a.json\u{301}"]) == nil)
        // A parameter is the same value however it is read.
        let both: PathPattern = "/v0/{base}/{rest...}.json"
        #expect(both.match(["v0", "app1", "a", "b.json"]) == RouteParameters(["base": "app1", "rest": "a/b"]))
    }

    @Test("Services claim paths by their bytes: prefixes compare UTF-8, not characters")
    func prefixes() {
        #expect("/v0/app/Table".hasUTF8Prefix("/v0/"))
        #expect(!"/v0".hasUTF8Prefix("/v0/"))
        #expect("/bankey/".hasUTF8Prefix("/bankey/"))
        #expect("anything".hasUTF8Prefix(""))
        #expect("/images/\(String(repeating: "é", count: 40))".dropFirst(0).hasUTF8Prefix("/images/"))
        // A path is bytes: a combining accent after the `/` leaves the
        // prefix whole, and `e` with an accent is not `é`.
        #expect("/v0/\u{301}x".hasUTF8Prefix("/v0/"))
        #expect(!"e\u{301}".hasUTF8Prefix("\u{e9}"))
    }

    @Test("A table tries routes in order, tells a wrong method from a missing path, and lists its endpoints")
    func table() async {
        let table = RouteTable<String>([
            Route(.get, "/items/special", "The special item") { _, _, _ in .text(200, "special") },
            Route([.get, .put], "/items/{id}", "An item") { name, _, parameters in
                .text(200, name + " " + parameters["id"])
            },
            Route(nil, "/any", "Anything goes") { _, request, _ in .text(200, request.method) },
        ])
        #expect(await table.respond(to: SandboxRequest("GET", "/items/special"), with: "s").bodyText == "special")
        #expect(await table.respond(to: SandboxRequest("PUT", "/items/special"), with: "s").bodyText == "s special")
        #expect(await table.respond(to: SandboxRequest("GET", "/items/%41"), with: "s").bodyText == "s A")
        let refused = await table.respond(to: SandboxRequest("DELETE", "/items/1"), with: "s")
        #expect(refused.status == 405)
        #expect(refused.headers["Allow"] == "GET, PUT")
        #expect(await table.respond(to: SandboxRequest("BREW", "/any"), with: "s").bodyText == "BREW")
        #expect(await table.respond(to: SandboxRequest("GET", "/nothing"), with: "s").status == 404)
        #expect(
            table.endpoints.map(\.description) == [
                "GET /items/special  The special item", "GET, PUT /items/{id}  An item", "* /any  Anything goes",
            ])
    }
}
