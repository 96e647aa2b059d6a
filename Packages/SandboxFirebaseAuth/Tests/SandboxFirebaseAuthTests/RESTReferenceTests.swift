import Foundation
import Networking
import SandboxCore
import Testing

@testable import SandboxFirebaseAuth

/// The examples of Firebase's "Firebase Auth REST API" reference, each
/// answered as documented.
@Suite("Firebase Auth emulator: the REST reference's examples")
struct RESTReferenceTests {
    @Test("Sign up with email and password: an ID token, a refresh token, an hour, the new id")
    func signUp() async throws {
        let harness = AuthHarness()
        let answer = await harness.signUp("Ada@Example.com")
        #expect(answer["email"] == "ada@example.com")
        #expect(answer["expiresIn"] == "3600")
        #expect(answer["refreshToken"]?.stringValue?.isEmpty == false)
        let localId = try #require(answer["localId"]?.stringValue)
        #expect(localId.count == 28)
        let claims = AuthHarness.claims(answer["idToken"])
        #expect(claims["user_id"]?.stringValue == localId)
        #expect(claims["sub"]?.stringValue == localId)
        #expect(claims["email"] == "ada@example.com")
        #expect(claims["email_verified"] == false)
        #expect(claims["aud"] == "sandbox")
        #expect(claims["iss"] == "https://securetoken.google.com/sandbox")
        #expect(claims["firebase"]?["sign_in_provider"] == "password")
        #expect(claims["firebase"]?["identities"]?["email"] == ["ada@example.com"])
        #expect(claims["exp"]?.numberValue == (claims["iat"]?.numberValue ?? 0) + 3600)
        #expect(
            message(await harness.call("accounts:signUp", ["email": "ada@example.com", "password": "another1"]))
                == "EMAIL_EXISTS")
    }

    @Test(
        "Sign in with the right password; a wrong one and an unknown email are told apart, or not under email privacy")
    func signIn() async throws {
        let harness = AuthHarness()
        _ = await harness.signUp("ada@example.com")
        let answer = await harness.call(
            "accounts:signInWithPassword",
            ["email": "ada@example.com", "password": "correct horse", "returnSecureToken": true])
        #expect(answer.status == 200)
        #expect(answer.bodyJSON["registered"] == true)
        #expect(AuthHarness.claims(answer.bodyJSON["idToken"])["email"] == "ada@example.com")
        let wrong = await harness.call(
            "accounts:signInWithPassword", ["email": "ada@example.com", "password": "wrong!!"])
        #expect(wrong.status == 400)
        #expect(message(wrong) == "INVALID_PASSWORD")
        #expect(wrong.bodyJSON["error"]?["errors"]?[0]?["reason"] == "invalid")
        #expect(
            message(
                await harness.call("accounts:signInWithPassword", ["email": "bob@example.com", "password": "x12345"]))
                == "EMAIL_NOT_FOUND")

        let config = await harness.auth.answer(
            SandboxRequest(
                "PATCH", "/emulator/v1/projects/demo/config",
                body: Data(#"{"emailPrivacyConfig":{"enableImprovedEmailPrivacy":true}}"#.utf8)))
        #expect(config.bodyJSON["emailPrivacyConfig"]?["enableImprovedEmailPrivacy"] == true)
        #expect(
            message(
                await harness.call("accounts:signInWithPassword", ["email": "ada@example.com", "password": "wrong!!"]))
                == "INVALID_LOGIN_CREDENTIALS")
        #expect(
            message(
                await harness.call("accounts:signInWithPassword", ["email": "bob@example.com", "password": "x12345"]))
                == "INVALID_LOGIN_CREDENTIALS")
    }

    @Test("Anonymous sign-in, then linking an email and password to the same account")
    func anonymous() async throws {
        let harness = AuthHarness()
        let anonymous = await harness.call("accounts:signUp", ["returnSecureToken": true]).bodyJSON
        let localId = try #require(anonymous["localId"]?.stringValue)
        let claims = AuthHarness.claims(anonymous["idToken"])
        #expect(claims["firebase"]?["sign_in_provider"] == "anonymous")
        #expect(claims["provider_id"] == "anonymous")
        let linked = await harness.call(
            "accounts:update",
            [
                "idToken": anonymous["idToken"] ?? .null, "email": "ada@example.com", "password": "correct horse",
                "returnSecureToken": true,
            ]
        ).bodyJSON
        #expect(linked["localId"]?.stringValue == localId)
        #expect(AuthHarness.claims(linked["idToken"])["firebase"]?["sign_in_provider"] == "password")
        let signedIn = await harness.call(
            "accounts:signInWithPassword", ["email": "ada@example.com", "password": "correct horse"]
        ).bodyJSON
        #expect(signedIn["localId"]?.stringValue == localId)
    }

    /// The Identity Toolkit reference, accounts.signUp: "Signs up a new email
    /// and password user or anonymous user, or upgrades an anonymous user to
    /// email and password." Its `idToken`: "If set, this request will link
    /// the authentication credential to the user represented by this ID
    /// token. For a non-admin request, both the email and password fields
    /// must be set. For an admin request, local_id must not be set."
    @Test("signUp with an anonymous user's idToken upgrades that user: the same uid, now with a password")
    func anonymousUpgradeBySignUp() async throws {
        let harness = AuthHarness()
        let anonymous = await harness.call("accounts:signUp", ["returnSecureToken": true]).bodyJSON
        let localId = try #require(anonymous["localId"]?.stringValue)
        let idToken = anonymous["idToken"] ?? .null

        #expect(message(await harness.call("accounts:signUp", ["idToken": idToken])) == "MISSING_EMAIL")
        #expect(
            message(await harness.call("accounts:signUp", ["idToken": idToken, "email": "ada@example.com"]))
                == "MISSING_PASSWORD")
        #expect(
            message(
                await harness.call(
                    "accounts:signUp",
                    ["idToken": idToken, "localId": "chosen", "email": "ada@example.com", "password": "x12345"]))
                == "UNEXPECTED_PARAMETER : User ID")

        let upgraded = await harness.call(
            "accounts:signUp",
            [
                "idToken": idToken, "email": "ada@example.com", "password": "correct horse",
                "displayName": "Ada", "returnSecureToken": true,
            ]
        ).bodyJSON
        #expect(upgraded["localId"]?.stringValue == localId)
        #expect(upgraded["email"] == "ada@example.com")
        let claims = AuthHarness.claims(upgraded["idToken"])
        #expect(claims["user_id"]?.stringValue == localId)
        #expect(claims["firebase"]?["sign_in_provider"] == "password")
        let signedIn = await harness.call(
            "accounts:signInWithPassword", ["email": "ada@example.com", "password": "correct horse"]
        ).bodyJSON
        #expect(signedIn["localId"]?.stringValue == localId)
        #expect(signedIn["displayName"] == "Ada")

        // Another user's email is not taken over, and a stale token names no one.
        _ = await harness.signUp("bob@example.com")
        let second = await harness.call("accounts:signUp", ["returnSecureToken": true]).bodyJSON
        #expect(
            message(
                await harness.call(
                    "accounts:signUp",
                    ["idToken": second["idToken"] ?? .null, "email": "bob@example.com", "password": "x12345"]))
                == "EMAIL_EXISTS")
        #expect(
            message(
                await harness.call(
                    "accounts:signUp", ["idToken": "not a token", "email": "eve@example.com", "password": "x12345"]))
                == "INVALID_ID_TOKEN")
    }

    @Test("A refresh token, sent as the documented form, gives a new ID token in snake case")
    func refresh() async throws {
        let harness = AuthHarness()
        let answer = await harness.signUp("ada@example.com")
        let refreshToken = try #require(answer["refreshToken"]?.stringValue)
        harness.clock.advance(by: 10)
        var form = URLComponents()
        form.queryItems = [
            URLQueryItem(name: "grant_type", value: "refresh_token"),
            URLQueryItem(name: "refresh_token", value: refreshToken),
        ]
        let refreshed = await harness.auth.answer(
            SandboxRequest(
                "POST", "/securetoken.googleapis.com/v1/token?key=any",
                headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Data((form.percentEncodedQuery ?? "").utf8)))
        #expect(refreshed.status == 200)
        let body = refreshed.bodyJSON
        #expect(body["token_type"] == "Bearer")
        #expect(body["expires_in"] == "3600")
        #expect(body["user_id"] == answer["localId"])
        #expect(body["project_id"] == "sandbox")
        #expect(body["id_token"] != answer["idToken"])
        #expect(AuthHarness.claims(body["id_token"])["iat"]?.numberValue == 1_800_000_010)
        let bad = await harness.auth.answer(
            SandboxRequest(
                "POST", "/securetoken.googleapis.com/v1/token?key=any",
                body: Data(#"{"grant_type":"refresh_token","refresh_token":"not-a-token"}"#.utf8)))
        #expect(message(bad) == "INVALID_REFRESH_TOKEN")
    }

    @Test("A custom token signs in as its uid with its claims, as a JWT or the emulator's plain JSON")
    func customToken() async throws {
        let harness = AuthHarness()
        let jwt = UnsignedJWT.make([
            "aud": .string(FirebaseAuthEmulator.customTokenAudience), "uid": "ada", "claims": ["admin": true],
        ])
        let answer = await harness.call(
            "accounts:signInWithCustomToken", ["token": .string(jwt), "returnSecureToken": true])
        #expect(answer.bodyJSON["isNewUser"] == true)
        let claims = AuthHarness.claims(answer.bodyJSON["idToken"])
        #expect(claims["user_id"] == "ada")
        #expect(claims["admin"] == true)
        #expect(claims["firebase"]?["sign_in_provider"] == "custom")
        let again = await harness.call("accounts:signInWithCustomToken", ["token": #"{"uid":"ada"}"#])
        #expect(again.bodyJSON["isNewUser"] == false)
        let idToken = UnsignedJWT.make(["aud": "sandbox", "uid": "x"])
        #expect(
            message(await harness.call("accounts:signInWithCustomToken", ["token": .string(idToken)]))?.hasPrefix(
                "INVALID_CUSTOM_TOKEN") == true)
        let reserved = UnsignedJWT.make([
            "aud": .string(FirebaseAuthEmulator.customTokenAudience), "uid": "x", "claims": ["sub": "y"],
        ])
        #expect(
            message(await harness.call("accounts:signInWithCustomToken", ["token": .string(reserved)]))
                == "FORBIDDEN_CLAIM : sub")
    }

    @Test("Account info, profile changes and a password change that revokes the older tokens")
    func accountInfo() async throws {
        let harness = AuthHarness()
        let answer = await harness.signUp("ada@example.com")
        let idToken = answer["idToken"] ?? .null
        let users = await harness.call("accounts:lookup", ["idToken": idToken]).bodyJSON["users"]
        #expect(users?[0]?["email"] == "ada@example.com")
        #expect(users?[0]?["providerUserInfo"]?[0]?["providerId"] == "password")
        #expect(users?[0]?["passwordHash"]?.stringValue?.contains("correct horse") == false)

        let profile = await harness.call(
            "accounts:update",
            [
                "idToken": idToken, "displayName": "Ada Lovelace", "photoUrl": "https://example.com/ada.png",
                "returnSecureToken": true,
            ]
        ).bodyJSON
        #expect(profile["displayName"] == "Ada Lovelace")
        let cleared = await harness.call("accounts:update", ["idToken": idToken, "deleteAttribute": ["PHOTO_URL"]])
            .bodyJSON
        #expect(cleared["photoUrl"] == nil)

        harness.clock.advance(by: 5)
        let changed = await harness.call(
            "accounts:update", ["idToken": idToken, "password": "battery staple", "returnSecureToken": true]
        ).bodyJSON
        let newToken = try #require(changed["idToken"])
        #expect(message(await harness.call("accounts:lookup", ["idToken": idToken])) == "TOKEN_EXPIRED")
        #expect(await harness.call("accounts:lookup", ["idToken": newToken]).status == 200)
        #expect(
            message(
                await harness.call(
                    "accounts:signInWithPassword", ["email": "ada@example.com", "password": "correct horse"]))
                == "INVALID_PASSWORD")
        #expect(
            message(await harness.call("accounts:update", ["idToken": newToken, "password": "short"]))
                == "WEAK_PASSWORD : Password should be at least 6 characters")
    }

    @Test("An ID token expires after an hour on the emulator's clock; its refresh token still works")
    func expiry() async throws {
        let harness = AuthHarness()
        let answer = await harness.signUp("ada@example.com")
        harness.clock.advance(by: 3600)
        #expect(
            message(await harness.call("accounts:lookup", ["idToken": answer["idToken"] ?? .null])) == "TOKEN_EXPIRED")
        let refreshed = await harness.auth.answer(
            SandboxRequest(
                "POST", "/securetoken.googleapis.com/v1/token?key=any",
                body: JSON.object(["grant_type": "refresh_token", "refresh_token": answer["refreshToken"] ?? .null])
                    .serialized()))
        #expect(
            await harness.call("accounts:lookup", ["idToken": refreshed.bodyJSON["id_token"] ?? .null]).status == 200)
    }

    @Test("Password reset: the code an email would carry is listed by the emulator, verified, then used once")
    func passwordReset() async throws {
        let harness = AuthHarness()
        _ = await harness.signUp("ada@example.com")
        let sent = await harness.call(
            "accounts:sendOobCode", ["requestType": "PASSWORD_RESET", "email": "ada@example.com"])
        #expect(
            sent.bodyJSON == ["kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": "ada@example.com"])
        let codes = await harness.auth.answer(SandboxRequest("GET", "/emulator/v1/projects/sandbox/oobCodes"))
        let code = try #require(codes.bodyJSON["oobCodes"]?[0])
        #expect(code["requestType"] == "PASSWORD_RESET")
        #expect(code["oobLink"]?.stringValue?.contains("mode=resetPassword") == true)
        let oobCode = code["oobCode"] ?? .null
        let verified = await harness.call("accounts:resetPassword", ["oobCode": oobCode]).bodyJSON
        #expect(verified["email"] == "ada@example.com")
        #expect(verified["requestType"] == "PASSWORD_RESET")
        #expect(
            await harness.call("accounts:resetPassword", ["oobCode": oobCode, "newPassword": "battery staple"]).status
                == 200)
        #expect(
            message(await harness.call("accounts:resetPassword", ["oobCode": oobCode, "newPassword": "again!!"]))
                == "INVALID_OOB_CODE")
        let signedIn = await harness.call(
            "accounts:signInWithPassword", ["email": "ada@example.com", "password": "battery staple"])
        #expect(signedIn.status == 200)
        #expect(
            message(
                await harness.call(
                    "accounts:sendOobCode", ["requestType": "PASSWORD_RESET", "email": "bob@example.com"]))
                == "EMAIL_NOT_FOUND")
    }

    @Test("Email verification: sent for the signed-in user, confirmed with the code")
    func emailVerification() async throws {
        let harness = AuthHarness()
        let answer = await harness.signUp("ada@example.com")
        let idToken = answer["idToken"] ?? .null
        #expect(
            await harness.call("accounts:sendOobCode", ["requestType": "VERIFY_EMAIL", "idToken": idToken]).status
                == 200)
        let code = await harness.auth.outOfBandCodes.first
        #expect(code?.requestType == "VERIFY_EMAIL")
        let confirmed = await harness.call("accounts:update", ["oobCode": .string(code?.oobCode ?? "")]).bodyJSON
        #expect(confirmed["emailVerified"] == true)
        let refreshed = await harness.call(
            "accounts:signInWithPassword", ["email": "ada@example.com", "password": "correct horse"])
        #expect(AuthHarness.claims(refreshed.bodyJSON["idToken"])["email_verified"] == true)
    }

    @Test("Fetch providers for email: registered and its methods; nothing under email privacy")
    func providers() async throws {
        let harness = AuthHarness()
        _ = await harness.signUp("ada@example.com")
        let known = await harness.call(
            "accounts:createAuthUri", ["identifier": "Ada@example.com", "continueUri": "http://localhost:8080/app"]
        ).bodyJSON
        #expect(known["registered"] == true)
        #expect(known["signinMethods"] == ["password"])
        #expect(known["sessionId"]?.stringValue?.isEmpty == false)
        let unknown = await harness.call(
            "accounts:createAuthUri", ["identifier": "bob@example.com", "continueUri": "http://localhost:8080/app"]
        ).bodyJSON
        #expect(unknown["registered"] == false)
        #expect(unknown["signinMethods"] == [])
        #expect(
            message(
                await harness.call(
                    "accounts:createAuthUri", ["identifier": "not an email", "continueUri": "http://x.test"]))
                == "INVALID_IDENTIFIER")
        #expect(
            message(
                await harness.call(
                    "accounts:createAuthUri", ["identifier": "ada@example.com", "continueUri": "relative"]))
                == "INVALID_CONTINUE_URI")
        _ = await harness.auth.answer(
            SandboxRequest(
                "PATCH", "/emulator/v1/projects/demo/config",
                body: Data(#"{"emailPrivacyConfig":{"enableImprovedEmailPrivacy":true}}"#.utf8)))
        let hidden = await harness.call(
            "accounts:createAuthUri", ["identifier": "ada@example.com", "continueUri": "http://localhost:8080/app"]
        ).bodyJSON
        #expect(hidden["registered"] == nil && hidden["signinMethods"] == nil)
    }

    @Test("Deleting the account: its tokens name no one afterwards")
    func deleteAccount() async throws {
        let harness = AuthHarness()
        let answer = await harness.signUp("ada@example.com")
        let deleted = await harness.call("accounts:delete", ["idToken": answer["idToken"] ?? .null])
        #expect(deleted.bodyJSON == ["kind": "identitytoolkit#DeleteAccountResponse"])
        #expect(
            message(await harness.call("accounts:lookup", ["idToken": answer["idToken"] ?? .null])) == "USER_NOT_FOUND")
        #expect(await harness.auth.accountCount == 0)
    }
}
