import Foundation
import Networking
import SandboxCore
import Testing

@testable import SandboxFirebaseAuth

/// A web app's Auth SDK calls the emulator from its own page, so the
/// emulator answers CORS as Firebase's Auth emulator does.
@Suite("Auth emulator CORS")
struct CrossOriginTests {
    let harness = AuthHarness()
    let page = "http://localhost:5173"

    @Test("A preflight is answered 204 with the page's origin, the methods and the headers the SDK asks for")
    func preflight() async {
        let asked = "content-type,x-client-version,x-firebase-gmpid,x-firebase-client"
        let answer = await harness.auth.answer(
            SandboxRequest(
                "OPTIONS", "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k",
                headers: [
                    "Origin": page, "Access-Control-Request-Method": "POST",
                    "Access-Control-Request-Headers": asked,
                ]))
        #expect(answer.status == 204)
        #expect(answer.headers["Access-Control-Allow-Origin"] == page)
        #expect(answer.headers["Access-Control-Allow-Headers"] == asked)
        #expect(answer.headers["Access-Control-Allow-Methods"]?.split(separator: ",").contains("POST") == true)
        #expect(answer.headers.values(for: "Vary").contains("Origin"))
    }

    @Test("Answers, errors included, allow the page's origin")
    func answersCarryTheOrigin() async {
        for path in ["accounts:signUp", "accounts:noSuchMethod"] {
            let answer = await harness.auth.answer(
                SandboxRequest(
                    "POST", "/identitytoolkit.googleapis.com/v1/\(path)?key=k",
                    headers: ["Origin": page, "Content-Type": "application/json"],
                    body: Data(#"{"returnSecureToken":true}"#.utf8)))
            #expect(answer.headers["Access-Control-Allow-Origin"] == page, "\(path): \(answer.status)")
        }
    }

    @Test("A hostile Origin or header list is not echoed into the answer")
    func hostileValuesAreNotEchoed() async {
        let answer = await harness.auth.answer(
            SandboxRequest(
                "OPTIONS", "/identitytoolkit.googleapis.com/v1/accounts:signUp",
                headers: [
                    "Origin": "http://a\u{7F}b", "Access-Control-Request-Method": "POST",
                    "Access-Control-Request-Headers": String(repeating: "x", count: 5000),
                ]))
        #expect(answer.status == 204)
        #expect(answer.headers["Access-Control-Allow-Origin"] == nil)
        #expect(answer.headers["Access-Control-Allow-Headers"] == nil)
    }

    @Test("An OPTIONS that is not a preflight is routed like any other request")
    func plainOptionsIsRouted() async {
        let answer = await harness.auth.answer(
            SandboxRequest("OPTIONS", "/identitytoolkit.googleapis.com/v1/accounts:signUp"))
        #expect(answer.status == 404)
    }
}
