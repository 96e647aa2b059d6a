import Foundation
import Networking
import SandboxCore
import Testing

@testable import SandboxFirebaseAuth

/// Session cookies, email link sign-in and lookups by a federated identity,
/// as the official emulator answers them.
@Suite("Auth emulator: session cookies, email links, federated lookups")
struct SessionAndEmailLinkTests {
    private static func sessionCookie(_ harness: AuthHarness, _ body: JSON) async -> SandboxResponse {
        await harness.auth.answer(
            SandboxRequest(
                "POST", "/identitytoolkit.googleapis.com/v1/projects/demo-project:createSessionCookie",
                headers: ["Authorization": "Bearer owner", "Content-Type": "application/json"],
                body: body.serialized()))
    }

    @Test("A session cookie carries the ID token's claims, issued now by the session issuer for validDuration")
    func sessionCookie() async throws {
        let harness = AuthHarness()
        let idToken = try #require(await harness.signUp("ada@example.com")["idToken"])
        harness.clock.advance(by: 60)
        let made = await Self.sessionCookie(harness, ["idToken": idToken, "validDuration": "86400"])
        let claims = AuthHarness.claims(made.bodyJSON["sessionCookie"])
        #expect(claims["email"] == "ada@example.com")
        #expect(claims["iss"]?.stringValue?.hasPrefix("https://session.firebase.google.com/") == true)
        let issued = try #require(claims["iat"]?.numberValue)
        #expect(claims["exp"]?.numberValue == issued + 86400)
        #expect(issued == AuthHarness.claims(idToken)["iat"].flatMap(\.numberValue).map { $0 + 60 })
        for duration in [JSON.number(60), .number(15 * 86400), .string("soon")] {
            let refused = await Self.sessionCookie(harness, ["idToken": idToken, "validDuration": duration])
            #expect(refused.status == 400)
        }
        #expect(message(await Self.sessionCookie(harness, ["idToken": "not.a.token"])) == "INVALID_ID_TOKEN")
        let anonymous = await harness.auth.answer(
            SandboxRequest(
                "POST", "/identitytoolkit.googleapis.com/v1/projects/demo-project:createSessionCookie?key=k",
                body: JSON.object(["idToken": idToken]).serialized()))
        #expect(anonymous.status != 200)
    }

    @Test("An email link signs in, or makes, the account of its email once, and verifies the email")
    func emailLink() async throws {
        let harness = AuthHarness()
        _ = await harness.signUp("ada@example.com")
        func link(_ email: String) async -> String {
            let sent = await harness.admin(
                "accounts:sendOobCode",
                [
                    "requestType": "EMAIL_SIGNIN", "email": .string(email), "returnOobLink": true,
                    "continueUrl": "http://localhost/done",
                ])
            return sent.bodyJSON["oobCode"]?.stringValue ?? ""
        }
        let code = await link("ada@example.com")
        let wrongEmail = await harness.call(
            "accounts:signInWithEmailLink", ["email": "bob@example.com", "oobCode": .string(code)])
        #expect(message(wrongEmail)?.hasPrefix("INVALID_EMAIL") == true)
        let signedIn = await harness.call(
            "accounts:signInWithEmailLink", ["email": "ada@example.com", "oobCode": .string(code)])
        #expect(signedIn.bodyJSON["isNewUser"] == false)
        #expect(AuthHarness.claims(signedIn.bodyJSON["idToken"])["email_verified"] == true)
        let reused = await harness.call(
            "accounts:signInWithEmailLink", ["email": "ada@example.com", "oobCode": .string(code)])
        #expect(message(reused) == "INVALID_OOB_CODE")
        // Not a verification code: accounts:update refuses it.
        let other = await link("ada@example.com")
        #expect(message(await harness.call("accounts:update", ["oobCode": .string(other)])) == "INVALID_OOB_CODE")
        let created = await harness.call(
            "accounts:signInWithEmailLink",
            ["email": "new@example.com", "oobCode": .string(await link("new@example.com"))])
        #expect(created.bodyJSON["isNewUser"] == true)
        let account = await harness.admin("accounts:lookup", ["email": ["new@example.com"]])
        #expect(account.bodyJSON["users"]?[0]?["emailVerified"] == true)
        #expect(account.bodyJSON["users"]?[0]?["providerUserInfo"]?[0]?["providerId"] == "password")
    }

    @Test("An administrator looks accounts up by a federated identity")
    func federatedLookup() async throws {
        let harness = AuthHarness()
        _ = await harness.admin(
            "accounts:batchCreate",
            ["users": [["localId": "cy", "providerUserInfo": [["providerId": "google.com", "rawId": "google-cy"]]]]])
        let found = await harness.admin(
            "accounts:lookup", ["federatedUserId": [["providerId": "google.com", "rawId": "google-cy"]]])
        #expect(found.bodyJSON["users"]?[0]?["localId"] == "cy")
        let none = await harness.admin(
            "accounts:lookup", ["federatedUserId": [["providerId": "google.com", "rawId": "nobody"]]])
        #expect(none.bodyJSON["users"] == nil)
        let malformed = await harness.admin("accounts:lookup", ["federatedUserId": [["providerId": "google.com"]]])
        #expect(malformed.status == 400)
    }
}
