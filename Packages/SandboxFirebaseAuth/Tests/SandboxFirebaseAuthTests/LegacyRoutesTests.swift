import Foundation
import Networking
import SandboxCore
import Testing

@testable import SandboxFirebaseAuth

/// The v3 `relyingparty` paths older SDKs and firebase-admin's own
/// integration tests call, which the official emulator answers as their v1
/// counterparts.
@Suite("Auth emulator: the legacy v3 relyingparty paths")
struct LegacyRoutesTests {
    private static func legacy(
        _ auth: FirebaseAuthEmulator, _ method: String, _ body: JSON, headers: HeaderFields = [:]
    ) async -> SandboxResponse {
        await auth.answer(
            SandboxRequest(
                "POST", "/www.googleapis.com/identitytoolkit/v3/relyingparty/\(method)?key=any-api-key",
                headers: headers.merging(["Content-Type": "application/json"]), body: body.serialized()))
    }

    @Test("signupNewUser, verifyPassword, getAccountInfo and deleteAccount answer as their v1 counterparts")
    func accountLifecycle() async throws {
        let harness = AuthHarness()
        let auth = harness.auth
        let signedUp = await Self.legacy(
            auth, "signupNewUser", ["email": "ada@example.com", "password": "correct horse", "returnSecureToken": true])
        #expect(signedUp.status == 200)
        let idToken = try #require(signedUp.bodyJSON["idToken"]?.stringValue)
        let wrong = await Self.legacy(
            auth, "verifyPassword", ["email": "ada@example.com", "password": "wrong", "returnSecureToken": true])
        #expect(wrong.status == 400)
        #expect(message(wrong) == "INVALID_PASSWORD")
        let signedIn = await Self.legacy(
            auth, "verifyPassword",
            ["email": "ada@example.com", "password": "correct horse", "returnSecureToken": true])
        #expect(signedIn.bodyJSON["localId"] == signedUp.bodyJSON["localId"])
        let info = await Self.legacy(auth, "getAccountInfo", ["idToken": .string(idToken)])
        #expect(info.bodyJSON["users"]?[0]?["email"] == "ada@example.com")
        let deleted = await Self.legacy(auth, "deleteAccount", ["idToken": .string(idToken)])
        #expect(deleted.status == 200)
        let gone = await Self.legacy(
            auth, "verifyPassword", ["email": "ada@example.com", "password": "correct horse"])
        #expect(message(gone) == "EMAIL_NOT_FOUND")
    }

    @Test("downloadAccount and uploadAccount need targetProjectId, and page by the body's maxResults")
    func batches() async throws {
        let auth = AuthHarness().auth
        let owner: HeaderFields = ["Authorization": "Bearer owner"]
        let users: JSON = .array(
            (0..<3).map { ["localId": .string("user\($0)"), "email": .string("u\($0)@example.com")] })
        let refused = await Self.legacy(auth, "uploadAccount", ["users": users], headers: owner)
        #expect(refused.status == 400)
        #expect(message(refused) == "INSUFFICIENT_PERMISSION")
        let uploaded = await Self.legacy(
            auth, "uploadAccount", ["targetProjectId": "demo-project", "users": users], headers: owner)
        #expect(uploaded.status == 200)
        #expect(uploaded.bodyJSON["error"] == nil)
        let first = await Self.legacy(
            auth, "downloadAccount", ["targetProjectId": "demo-project", "maxResults": 2], headers: owner)
        #expect(first.bodyJSON["users"]?.arrayValue?.count == 2)
        let token = try #require(first.bodyJSON["nextPageToken"])
        let rest = await Self.legacy(
            auth, "downloadAccount", ["targetProjectId": "demo-project", "maxResults": 2, "nextPageToken": token],
            headers: owner)
        #expect(rest.bodyJSON["users"]?.arrayValue?.map { $0["localId"] } == ["user2"])
        let anonymous = await Self.legacy(auth, "downloadAccount", ["targetProjectId": "demo-project"])
        #expect(anonymous.status != 200)
    }
}
