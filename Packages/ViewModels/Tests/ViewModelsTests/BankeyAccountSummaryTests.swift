import BankeyClient
import Foundation
import Models
import Sandbox
import Testing
import ViewModels

@MainActor
@Suite("Bankey account summary screen")
struct BankeyAccountSummaryTests {
    @Test("Loading shows 10 skeletons and Welcome, then Kevin's six accounts")
    func loads() async throws {
        let harness = try await BankeyHarness()
        await harness.slowDown()
        let screen = harness.screen()
        let states = StateTrail { screen.state }
        #expect(screen.state == .idle)
        #expect(screen.rows.isEmpty)

        let loading = Task { await screen.load() }
        await states.wait(for: .loading)
        #expect(screen.rows.count == 10)
        #expect(screen.rows.allSatisfy { $0.isSkeleton })
        #expect(screen.rows.map(\.id) == (0..<10).map { "skeleton-\($0)" })
        #expect(screen.headerViewModel.welcomeMessage == "Welcome")
        #expect(screen.headerViewModel.name == "")
        #expect(!screen.isLoaded)
        #expect(screen.total == nil)

        await loading.value
        await states.wait(for: .loaded)
        #expect(states.values == [.idle, .loading, .loaded])
        #expect(screen.isLoaded)
        #expect(screen.alert == nil)
        #expect(screen.headerViewModel.welcomeMessage == "Good morning,")
        #expect(screen.headerViewModel.name == "Kevin")
        #expect(screen.headerViewModel.dateFormatted == "Jun 21, 2010")
        #expect(screen.profile == Profile(id: "1", firstName: "Kevin", lastName: "Flynn"))
        let cells = screen.rows.compactMap(\.cellViewModel)
        #expect(cells.count == 6)
        #expect(screen.rows.first?.id == "account-1")
        #expect(cells.map(\.accountName).first == "Basic Savings")
        #expect(
            cells.map(\.balanceLabel) == ["Current balance", "Current balance", "Balance", "Balance", "Value", "Value"])
        #expect(
            cells.map(\.balanceFormatted) == [
                "$929,466.23", "$17,562.44", "$412.83", "$50.83", "$2,000.00", "$15,000.00",
            ])
        #expect(cells.first?.balanceDollars == "929,466")
        #expect(cells.first?.balanceCents == "23")
        #expect(screen.total == decimal("963565.01"))
        #expect(screen.totalFormatted == "$963,565.01")
    }

    @Test("The profile and the accounts are fetched together, one request each")
    func fetchesTogether() async throws {
        let harness = try await BankeyHarness()
        let screen = harness.screen(userId: "2")
        await screen.load()
        #expect(Set(await harness.bankeyPaths()) == ["/bankey/profile/2", "/bankey/profile/2/accounts"])
        #expect(await harness.bankeyPaths().count == 2)
        #expect(screen.headerViewModel.name == "Allan")
    }

    @Test("Refresh resets to skeletons, then reloads")
    func refreshes() async throws {
        let harness = try await BankeyHarness()
        let screen = harness.screen()
        let states = StateTrail { screen.state }
        await screen.load()
        await states.wait(for: .loaded)
        await harness.slowDown()

        let refreshing = Task { await screen.refresh() }
        await states.wait(for: .refreshing)
        #expect(screen.rows.count == 10)
        #expect(screen.rows.allSatisfy { $0.isSkeleton })
        #expect(screen.headerViewModel.welcomeMessage == "Welcome")
        #expect(screen.profile == nil)
        #expect(screen.accounts.isEmpty)

        await refreshing.value
        await states.wait(for: .loaded)
        #expect(states.values == [.idle, .loading, .loaded, .refreshing, .loaded])
        #expect(screen.rows.count == 6)
        #expect(await harness.bankeyPaths().count == 4)
    }

    @Test("A second load while one runs sends nothing more")
    func oneFetchAtATime() async throws {
        let harness = try await BankeyHarness()
        await harness.slowDown()
        let screen = harness.screen()
        async let first: Void = screen.load()
        async let second: Void = screen.refresh()
        _ = await (first, second)
        #expect(await harness.bankeyPaths().count == 2)
        #expect(screen.isLoaded)
    }

    @Test("A 503 is a server failure: Server Error")
    func serverError() async throws {
        let harness = try await BankeyHarness()
        try harness.sandbox.faults.inject(Fault(path: "/bankey/profile/1", status: 503))
        let screen = harness.screen()
        let states = StateTrail { screen.state }
        await screen.load()
        await states.wait(for: .failed)
        #expect(states.values == [.idle, .loading, .failed])
        #expect(
            screen.alert
                == AlertViewModel(
                    title: "Server Error", message: "We could not process your request. Please try again."))
        #expect(screen.error.map(BankeyError.init)?.kind == .serverError)
        #expect(screen.error?.status == 503)
        #expect(screen.rows.isEmpty)
        #expect(screen.total == nil)
    }

    @Test("A 200 with malformed JSON is a decoding failure: Network Error")
    func decodingError() async throws {
        let harness = try await BankeyHarness()
        try harness.sandbox.faults.inject(
            Fault(path: "/bankey/profile/1/accounts", status: 200, body: Data(#"[{"id": "1", "type": "#.utf8)))
        let screen = harness.screen()
        await screen.load()
        #expect(screen.state == .failed)
        #expect(
            screen.alert
                == AlertViewModel(
                    title: "Network Error", message: "Ensure you are connected to the internet. Please try again."))
        #expect(screen.error.map(BankeyError.init)?.kind == .decodingError)
    }

    @Test("A dropped connection and an unknown user are server failures")
    func otherServerFailures() async throws {
        let harness = try await BankeyHarness()
        try harness.sandbox.faults.inject(Fault(path: "/bankey/profile/1", action: .dropConnection))
        let dropped = harness.screen()
        await dropped.load()
        #expect(dropped.alert?.title == "Server Error")

        let unknown = harness.screen(userId: "42")
        await unknown.load()
        #expect(unknown.alert?.title == "Server Error")
        #expect(unknown.error?.status == 404)
    }

    @Test("Every kind maps to the lesson's final texts")
    func alertMapping() {
        #expect(
            AccountSummaryViewModel.titleAndMessage(for: .serverError)
                == AlertViewModel(
                    title: "Server Error", message: "We could not process your request. Please try again."))
        #expect(
            AccountSummaryViewModel.titleAndMessage(for: .decodingError)
                == AlertViewModel(
                    title: "Network Error", message: "Ensure you are connected to the internet. Please try again."))
    }

    @Test("Never two alerts at once: a failure while one shows keeps the first")
    func oneAlertAtATime() async throws {
        let harness = try await BankeyHarness()
        try harness.sandbox.faults.inject(Fault(path: "/bankey/profile/1", status: 503))
        let screen = harness.screen()
        await screen.load()
        #expect(screen.alert?.title == "Server Error")

        try harness.sandbox.faults.inject(
            Fault(path: "/bankey/profile/1/accounts", status: 200, body: Data("not json".utf8)))
        await screen.refresh()
        #expect(screen.state == .failed)
        #expect(screen.error.map(BankeyError.init)?.kind == .decodingError)
        #expect(screen.alert?.title == "Server Error")

        screen.dismissAlert()
        #expect(screen.alert == nil)
        try harness.sandbox.faults.inject(
            Fault(path: "/bankey/profile/1/accounts", status: 200, body: Data("not json".utf8)))
        await screen.refresh()
        #expect(screen.alert?.title == "Network Error")
    }

    @Test("After a failure, a refresh that succeeds shows the accounts")
    func recovers() async throws {
        let harness = try await BankeyHarness()
        try harness.sandbox.faults.inject(Fault(path: "/bankey/profile/1/accounts", status: 500))
        let screen = harness.screen()
        let states = StateTrail { screen.state }
        await screen.load()
        await states.wait(for: .failed)
        screen.dismissAlert()
        await screen.refresh()
        await states.wait(for: .loaded)
        #expect(states.values == [.idle, .loading, .failed, .refreshing, .loaded])
        #expect(screen.alert == nil)
        #expect(screen.error == nil)
        #expect(screen.rows.count == 6)
    }
}
