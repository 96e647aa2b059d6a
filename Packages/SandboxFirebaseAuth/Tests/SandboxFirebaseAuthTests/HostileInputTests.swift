import Foundation
import Networking
import SandboxCore
import Testing

@testable import SandboxFirebaseAuth

/// What a hostile or careless caller sends gets a clear error, bounded
/// work, and leaves the emulator serving.
@Suite("Firebase Auth emulator: hostile input")
struct AuthHostileInputTests {
    @Test("Megabyte emails, passwords, names and tokens are refused with the service's errors")
    func hugeFields() async throws {
        let harness = AuthHarness()
        let huge = String(repeating: "a", count: 1 << 20)
        #expect(
            message(
                await harness.call(
                    "accounts:signUp", ["email": .string(huge + "@example.com"), "password": "correct horse"]))
                == "INVALID_EMAIL")
        #expect(
            message(await harness.call("accounts:signUp", ["email": "ada@example.com", "password": .string(huge)]))?
                .hasPrefix("PASSWORD_DOES_NOT_MEET_REQUIREMENTS") == true)
        #expect(
            message(
                await harness.call(
                    "accounts:signUp",
                    ["email": "ada@example.com", "password": "correct horse", "displayName": .string(huge)]))?
                .hasPrefix("INVALID_ARGUMENT") == true)
        #expect(message(await harness.call("accounts:lookup", ["idToken": .string(huge)])) == "INVALID_ID_TOKEN")
        #expect(
            message(await harness.call("accounts:signInWithCustomToken", ["token": .string(huge)]))?.hasPrefix(
                "INVALID_CUSTOM_TOKEN") == true)
        #expect(await harness.auth.accountCount == 0)
    }

    @Test(
        "Malformed tokens: not a JWT, bad base64, a payload that is not an object, a number overflow",
        arguments: [
            "", "a.b", "a.b.c", "....", "eyJhbGciOiJub25lIn0.WzFd.",
            "eyJhbGciOiJub25lIn0.eyJ1c2VyX2lkIjoiYSIsImV4cCI6MWUzMDB9.",
        ])
    func malformedTokens(token: String) async throws {
        let harness = AuthHarness()
        let answer = await harness.call("accounts:lookup", ["idToken": .string(token)])
        #expect(answer.status == 400)
        #expect(["INVALID_ID_TOKEN", "USER_NOT_FOUND", "MISSING_ID_TOKEN"].contains(message(answer) ?? ""))
    }

    @Test("Bodies that are not JSON objects, and nesting bombs, are refused at once")
    func badBodies() async throws {
        let harness = AuthHarness()
        for body in [
            "{", "[1,2]", "\"text\"", String(repeating: "[", count: 100_000),
            "{\"email\":" + String(repeating: "{\"a\":", count: 10_000),
        ] {
            let answer = await harness.auth.answer(
                SandboxRequest(
                    "POST", "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k", body: Data(body.utf8)))
            #expect(answer.status == 400)
            #expect(message(answer)?.hasPrefix("Invalid JSON payload received.") == true)
        }
    }

    @Test("JSON labelled as a form (curl -d) is read as JSON, never as a form field that signs up anonymously")
    func jsonLabelledAsForm() async throws {
        let harness = AuthHarness()
        let answer = await harness.auth.answer(
            SandboxRequest(
                "POST", "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k",
                headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Data(#"{"email":"ada@example.com","password":"correct horse"}"#.utf8)))
        #expect(answer.bodyJSON["email"] == "ada@example.com")
        let form = await harness.auth.answer(
            SandboxRequest(
                "POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=k",
                headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Data("email=ada%40example.com&password=correct+horse".utf8)))
        #expect(form.status == 200)
    }

    @Test("The account limit is a clear refusal, and the emulator keeps serving")
    func accountLimit() async throws {
        let harness = AuthHarness(maxAccounts: 3)
        for index in 0..<3 { _ = await harness.signUp("user\(index)@example.com") }
        let refused = await harness.call("accounts:signUp", ["returnSecureToken": true])
        #expect(message(refused)?.hasPrefix("QUOTA_EXCEEDED") == true)
        #expect(await harness.auth.accountCount == 3)
        #expect(
            await harness.call(
                "accounts:signInWithPassword", ["email": "user1@example.com", "password": "correct horse"]
            ).status == 200)
    }

    @Test("100,000 accounts, imported in batches: the next is refused, listing and sign-in still answer")
    func hundredThousandAccounts() async throws {
        let harness = AuthHarness()
        for batch in 0..<100 {
            let users = (0..<1000).map { index -> JSON in ["localId": .string("user-\(batch)-\(index)")] }
            let answer = await harness.admin("accounts:batchCreate", ["users": .array(users)])
            #expect(answer.bodyJSON["error"] == nil)
        }
        #expect(await harness.auth.accountCount == 100_000)
        #expect(
            message(await harness.call("accounts:signUp", ["returnSecureToken": true]))?.hasPrefix("QUOTA_EXCEEDED")
                == true)
        let page = await harness.admin("accounts:batchGet", httpMethod: "GET", query: "?maxResults=1000")
        #expect(page.bodyJSON["users"]?.arrayValue?.count == 1000)
        #expect(page.bodyJSON["nextPageToken"] == "user-0-999")
        _ = await harness.admin("accounts:delete", ["localId": "user-5-5"])
        #expect(
            await harness.call("accounts:signUp", ["email": "ada@example.com", "password": "correct horse"]).status
                == 200)
    }

    @Test(
        "Whole numbers from the wire are checked before they are parsed: no overflow, no sign tricks",
        arguments: ["99999999999999999999999", "1e99", "+5", " 5", "", "0x10", "١٢"])
    func wholeNumbers(text: String) async throws {
        #expect(FirebaseAuthBody.wholeNumber(text) == nil)
        let harness = AuthHarness()
        _ = await harness.admin("accounts", ["localId": "ada"])
        let answer = await harness.admin("accounts:update", ["localId": "ada", "validSince": .string(text)])
        #expect(message(answer) == "INVALID_ARGUMENT : validSince must be a whole number.")
        let page = await harness.admin(
            "accounts:batchGet", httpMethod: "GET",
            query: "?maxResults=" + (text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
        #expect(page.status == 200)
        #expect(FirebaseAuthBody.wholeNumber("-1") == -1 && FirebaseAuthBody.wholeNumber("1795708810") == 1_795_708_810)
    }

    @Test(
        "Times in milliseconds survive their ISO 8601 text exactly",
        arguments: [Int64(0), 1_795_708_810_336, 1_795_708_810_005, -1_500])
    func millisecondsRoundTrip(milliseconds: Int64) {
        let text = FirebaseAuthAccount.iso8601(milliseconds: milliseconds)
        #expect(text.hasSuffix("Z"))
        #expect(FirebaseAuthAccount.milliseconds(iso8601: text) == milliseconds, "\(text)")
    }

    @Test("Accounts describe themselves without the password's hash; codes are kept bounded")
    func redactionAndBounds() async throws {
        let harness = AuthHarness()
        _ = await harness.signUp("ada@example.com")
        let account = try #require(await harness.auth.allAccounts.first)
        #expect(!String(describing: account).contains(account.passwordHash ?? "missing"))
        for _ in 0..<(FirebaseAuthAccounts.maxCodes + 10) {
            _ = await harness.call(
                "accounts:sendOobCode", ["requestType": "PASSWORD_RESET", "email": "ada@example.com"])
        }
        #expect(await harness.auth.outOfBandCodes.count == FirebaseAuthAccounts.maxCodes)
    }
}
