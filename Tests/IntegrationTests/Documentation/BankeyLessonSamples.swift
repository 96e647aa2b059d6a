import BankeyClient
import Foundation
import Models
import Networking
import Sandbox
import Testing

/// The code of the Bankey lesson's guide, run against the in-process Sandbox.
@Suite("Documentation: lesson 4, Bankey")
struct BankeyLessonSamples: DocumentationSample {
    @Test("The profile and accounts, async and with the lesson's completion")
    @MainActor
    func fetches() async throws {
        let sandbox = try await Sandbox()
        let screen = DocumentationScreen()
        let printed = try await Printed.capture {
            // snippet: bankey-lesson-async
            let bankey = BankeyClient(
                baseURL: Sandbox.baseURL.appending(path: "bankey/"), transport: SandboxTransport(sandbox))

            let profile = try await bankey.fetchProfile(forUserId: "1")
            let accounts = try await bankey.fetchAccounts(forUserId: "1")
            print("Good morning,", profile.firstName)  // Good morning, Kevin
            for account in accounts.prefix(2) {
                print(account.type, account.name, account.amount)
            }
            // Banking Basic Savings 929466.23
            // Banking No-Fee All-In Chequing 17562.44
            // end snippet

            // snippet: bankey-lesson-decimal
            let total = accounts.reduce(Decimal.zero) { $0 + $1.amount }
            print(accounts[0].amount == Decimal(string: "929466.23"), total)  // true 964492.33
            // end snippet

            // snippet: bankey-lesson-completion
            bankey.fetchProfile(forUserId: "1") { result in
                switch result {
                case .success(let profile):
                    screen.show("Good morning, \(profile.firstName)")
                case .failure(.cancelled):
                    break  // the screen went away
                case .failure(let error):
                    screen.showAlert(BankeyError(error).kind == .serverError ? "Server Error" : "Network Error")
                }
            }
            // end snippet
        }
        await screen.waitForUpdate()
        #expect(
            printed == [
                "Good morning, Kevin", "Banking Basic Savings 929466.23", "Banking No-Fee All-In Chequing 17562.44",
                "true 964492.33",
            ])
        #expect(screen.updates == ["Good morning, Kevin"])
    }
}
