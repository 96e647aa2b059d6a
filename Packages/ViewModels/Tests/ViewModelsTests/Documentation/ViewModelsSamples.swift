// The Swift code shown in the ViewModels catalog and the Bankey lesson's
// guide, compiled and run here against the Sandbox; see
// Tests/IntegrationTests/Documentation for how scripts/check_doc_snippets.py
// keeps the articles' copies identical to these regions.

import BankeyClient
import Foundation
import Sandbox
import Testing
import ViewModels

/// The code of the ViewModels catalog, run against the in-process Sandbox.
@Suite("Documentation: ViewModels")
@MainActor
struct ViewModelsSamples {
    @Test("The account summary screen: header, cells, total, and the alert after a failure")
    func accountSummary() async throws {
        let sandbox = try await Sandbox()
        let printed = try await SamplePrints.capture {
            // snippet: viewmodels-account-summary
            let bankey = BankeyClient(
                baseURL: Sandbox.baseURL.appending(path: "bankey/"), transport: SandboxTransport(sandbox))
            let screen = AccountSummaryViewModel(client: bankey, userId: "1", locale: Locale(identifier: "en_US"))
            await screen.load()  // skeleton rows meanwhile, then the header and the accounts

            print(screen.headerViewModel.welcomeMessage, screen.headerViewModel.name)  // Good morning, Kevin
            for cell in screen.accountCellViewModels.prefix(2) {
                print(cell.accountType, cell.accountName, cell.balanceFormatted)
            }
            // Banking Basic Savings $929,466.23
            // Banking No-Fee All-In Chequing $17,562.44

            try sandbox.faults.inject(Fault(path: "/bankey/*", count: 2, status: 404))
            await screen.refresh()
            print(screen.state, screen.alert?.title ?? "")  // failed Server Error
            // end snippet
        }
        #expect(
            printed == [
                "Good morning, Kevin", "Banking Basic Savings $929,466.23",
                "Banking No-Fee All-In Chequing $17,562.44", "failed Server Error",
            ])
    }
}

/// What the samples print, captured so the comments beside them are checked.
private final class SamplePrints: @unchecked Sendable {
    @TaskLocal static var current: SamplePrints?

    private let lock = NSLock()
    private var lines: [String] = []

    static func capture(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Void
    ) async rethrows -> [String] {
        let prints = SamplePrints()
        try await $current.withValue(prints, operation: body, isolation: isolation)
        return prints.lock.withLock { prints.lines }
    }

    static func record(_ line: String) {
        guard let current else {
            Swift.print(line)
            return
        }
        current.lock.withLock { current.lines.append(line) }
    }
}

/// Samples print as the articles show; the lines are captured and checked.
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    SamplePrints.record(items.map { String(describing: $0) }.joined(separator: separator))
}
