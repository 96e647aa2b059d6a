import FirebaseAuthClient
import Foundation
import Networking
import Sandbox
import SandboxServer
import Testing

/// The console's Authentication view in a real headless Chromium, with
/// `FirebaseAuthClient` on the other side of every check.
@Suite(
    "The Sandbox console's Authentication view in a browser", .serialized, .timeLimit(.minutes(10)),
    .disabled(if: ConsoleHarness.isSkipped, "SKIP_BROWSER_TESTS=1"))
struct ConsoleAuthBrowserTests {
    @Test("Users are listed; added, edited (claims), disabled and deleted in the console as the client then sees them")
    func users() async throws {
        try await ConsoleHarness.run(view: "auth") { server, browser in
            let auth = FirebaseAuthClient(apiKey: "any", endpoints: .emulator(server.baseURL))
            let grace = try await auth.signUp(
                email: "grace@example.com", password: "first password", displayName: "Grace")
            try await browser.click("#au-reload")
            try await browser.element("#au-users tr[data-uid=\"\(grace.userID)\"]")

            try await browser.click("#au-add")
            try await browser.type("ada@example.com", into: "#dialog-field-email")
            try await browser.type("correct horse", into: "#dialog-field-password")
            try await browser.type("Ada", into: "#dialog-field-displayName")
            try await browser.type(#"{"admin": true}"#, into: "#dialog-field-claims")
            try await ConsoleHarness.confirmDialog(browser)
            let ada = try await auth.signIn(email: "ada@example.com", password: "correct horse")
            let info = try await auth.accountInfo(idToken: ada.idToken)
            #expect(info.displayName == "Ada")
            #expect(info.customAttributes == #"{"admin":true}"#)
            try await browser.element("#au-users tr[data-uid=\"\(ada.userID)\"]")
            let page = try await browser.text("#view-auth")
            #expect(page.contains("ada@example.com") && page.contains(#"{"admin":true}"#))
            #expect(!page.contains("correct horse") && !page.contains("first password"))
            try await ConsoleHarness.screenshot(browser, "auth")

            let row = "#au-users tr[data-uid=\"\(ada.userID)\"]"
            try await browser.click("\(row) button:nth-of-type(1)")
            try await browser.run("document.getElementById('dialog-field-claims').value = ''")
            try await browser.type(#"{"role": "editor"}"#, into: "#dialog-field-claims")
            try await ConsoleHarness.confirmDialog(browser)
            let edited = try await auth.signIn(email: "ada@example.com", password: "correct horse")
            #expect(try await auth.accountInfo(idToken: edited.idToken).customAttributes == #"{"role":"editor"}"#)

            try await browser.click("\(row) button:nth-of-type(2)")
            try await browser.waitUntil(
                "the row to say disabled",
                "return document.querySelector(arguments[0])?.textContent.includes('disabled')",
                [row])
            do throws(NetworkError) {
                _ = try await auth.signIn(email: "ada@example.com", password: "correct horse")
                Issue.record("a disabled user signed in")
            } catch {
                #expect(error.firebaseAuthError == .userDisabled)
            }

            try await browser.click("\(row) button:nth-of-type(3)")
            try await ConsoleHarness.confirmDialog(browser)
            try await browser.waitUntil("the row to go", "return document.querySelector(arguments[0]) === null", [row])
            #expect(await server.sandbox.firebaseAuth.accountCount == 1)
        }
    }
}
