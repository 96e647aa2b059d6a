import Foundation
import Networking
import SandboxCore
import Testing

@testable import SandboxFirebaseAuth

/// The admin API the Admin SDKs call, with `Authorization: Bearer owner`.
@Suite("Firebase Auth emulator: the admin API")
struct AdminAPITests {
    @Test("Create with a chosen uid, look up by uid, email and phone, in one request")
    func createAndLookUp() async throws {
        let harness = AuthHarness()
        let created = await harness.admin(
            "accounts",
            ["localId": "ada", "email": "ada@example.com", "phoneNumber": "+15555550100", "emailVerified": true])
        #expect(created.bodyJSON["localId"] == "ada")
        #expect(created.bodyJSON["idToken"] == nil)
        _ = await harness.admin("accounts", ["localId": "bob"])
        let found = await harness.admin(
            "accounts:lookup", ["localId": ["bob"], "email": ["ADA@example.com"], "phoneNumber": ["+15555550100"]])
        #expect(found.bodyJSON["users"]?.arrayValue?.compactMap { $0["localId"]?.stringValue } == ["bob", "ada"])
        #expect(await harness.admin("accounts:lookup", ["localId": ["nobody"]]).bodyJSON["users"] == nil)
        #expect(message(await harness.admin("accounts", ["localId": "ada"])) == "DUPLICATE_LOCAL_ID")
        #expect(
            message(await harness.admin("accounts", ["phoneNumber": "555"])) == "INVALID_PHONE_NUMBER : Invalid format."
        )
    }

    @Test("Custom claims, disabling, and revoking tokens through update")
    func update() async throws {
        let harness = AuthHarness()
        let signedUp = await harness.signUp("ada@example.com")
        let id = signedUp["localId"] ?? .null
        #expect(
            await harness.admin("accounts:update", ["localId": id, "customAttributes": #"{"admin":true}"#]).status
                == 200)
        let signedIn = await harness.call(
            "accounts:signInWithPassword", ["email": "ada@example.com", "password": "correct horse"])
        #expect(AuthHarness.claims(signedIn.bodyJSON["idToken"])["admin"] == true)
        #expect(
            message(await harness.admin("accounts:update", ["localId": id, "customAttributes": #"{"exp":1}"#]))
                == "FORBIDDEN_CLAIM : exp")
        let large = "{\"a\":\"" + String(repeating: "x", count: 1000) + "\"}"
        #expect(
            message(await harness.admin("accounts:update", ["localId": id, "customAttributes": .string(large)]))
                == "CLAIMS_TOO_LARGE")

        harness.clock.advance(by: 1)
        _ = await harness.admin("accounts:update", ["localId": id, "validSince": .string("1800000001")])
        #expect(
            message(await harness.call("accounts:lookup", ["idToken": signedIn.bodyJSON["idToken"] ?? .null]))
                == "TOKEN_EXPIRED")
        let refreshed = await harness.auth.answer(
            SandboxRequest(
                "POST", "/securetoken.googleapis.com/v1/token?key=any",
                body: JSON.object([
                    "grantType": "refresh_token", "refreshToken": signedIn.bodyJSON["refreshToken"] ?? .null,
                ]).serialized()))
        #expect(message(refreshed) == "TOKEN_EXPIRED")

        _ = await harness.admin("accounts:update", ["localId": id, "disableUser": true])
        #expect(
            message(
                await harness.call(
                    "accounts:signInWithPassword", ["email": "ada@example.com", "password": "correct horse"]))
                == "USER_DISABLED")
        #expect(
            message(
                await harness.call("accounts:update", ["idToken": signedUp["idToken"] ?? .null, "disableUser": false]))
                == "INSUFFICIENT_PERMISSION")
    }

    @Test("List in pages by id, delete in batches (enabled accounts only with force), query by email")
    func batches() async throws {
        let harness = AuthHarness()
        for index in 0..<25 {
            _ = await harness.admin("accounts", ["localId": .string(String(format: "u%02d", index))])
        }
        var ids: [String] = []
        var token: String?
        repeat {
            let page = await harness.admin(
                "accounts:batchGet", httpMethod: "GET",
                query: "?maxResults=10" + (token.map { "&nextPageToken=\($0)" } ?? ""))
            ids += page.bodyJSON["users"]?.arrayValue?.compactMap { $0["localId"]?.stringValue } ?? []
            token = page.bodyJSON["nextPageToken"]?.stringValue
        } while token != nil
        #expect(ids == (0..<25).map { String(format: "u%02d", $0) })

        let refused = await harness.admin("accounts:batchDelete", ["localIds": ["u00", "u01"]])
        #expect(refused.bodyJSON["errors"]?.arrayValue?.count == 2)
        #expect(
            await harness.admin("accounts:batchDelete", ["localIds": ["u00", "u01"], "force": true]).bodyJSON == [:])
        #expect(await harness.auth.accountCount == 23)

        _ = await harness.admin("accounts:update", ["localId": "u02", "email": "two@example.com"])
        let queried = await harness.admin("accounts:query", ["expression": [["email": "two@example.com"]]])
        #expect(queried.bodyJSON["recordsCount"] == "1")
        #expect(queried.bodyJSON["userInfo"]?[0]?["localId"] == "u02")
        #expect(await harness.admin("accounts:query", ["limit": 5]).bodyJSON["userInfo"]?.arrayValue?.count == 5)
    }

    @Test("Import: each bad user is listed by index; the official emulator's hashes sign in")
    func importUsers() async throws {
        let harness = AuthHarness()
        let answer = await harness.admin(
            "accounts:batchCreate",
            [
                "users": [
                    [
                        "localId": "ada", "email": "ada@example.com",
                        "passwordHash": "fakeHash:salt=fakeSaltAbc:password=correct horse", "salt": "fakeSaltAbc",
                    ],
                    ["localId": "bad", "email": "not an email"],
                    ["email": "no-id@example.com"],
                ]
            ])
        #expect(answer.bodyJSON["error"]?.arrayValue?.compactMap { $0["index"]?.numberValue } == [1, 2])
        #expect(
            await harness.call(
                "accounts:signInWithPassword", ["email": "ada@example.com", "password": "correct horse"]
            ).status == 200)
        let stored = await harness.auth.allAccounts.first
        #expect(stored?.passwordHash?.contains("correct horse") == false)
    }

    @Test("Admin routes need the admin's bearer; client routes need an API key; the emulator's routes need neither")
    func credentials() async throws {
        let harness = AuthHarness()
        let noKey = await harness.call("accounts:signUp", [:], key: nil)
        #expect(noKey.status == 403)
        #expect(noKey.bodyJSON["error"]?["status"] == "PERMISSION_DENIED")
        let noBearer = await harness.auth.answer(
            SandboxRequest("GET", "/identitytoolkit.googleapis.com/v1/projects/p/accounts:batchGet?key=any"))
        #expect(noBearer.status == 401)
        let badBearer = await harness.auth.answer(
            SandboxRequest(
                "GET", "/identitytoolkit.googleapis.com/v1/projects/p/accounts:batchGet",
                headers: ["Authorization": "Bearer somebody"]))
        #expect(badBearer.status == 401)
        #expect(await harness.auth.answer(SandboxRequest("DELETE", "/emulator/v1/projects/p/accounts")).status == 200)
        #expect(
            await harness.auth.answer(SandboxRequest("GET", "/identitytoolkit.googleapis.com/v1/nothing")).status == 404
        )
    }

    @Test("Every route is in the endpoint list, and every client route of the reference is there")
    func endpoints() {
        let paths = Set(FirebaseAuthEmulator.endpoints.map(\.path))
        for method in [
            "signUp", "signInWithPassword", "signInWithCustomToken", "lookup", "update", "sendOobCode", "resetPassword",
            "delete",
        ] {
            #expect(paths.contains("/identitytoolkit.googleapis.com/v1/accounts:\(method)"))
        }
        #expect(paths.contains("/securetoken.googleapis.com/v1/token"))
        #expect(paths.contains("/emulator/v1/projects/{project}/oobCodes"))
    }
}
