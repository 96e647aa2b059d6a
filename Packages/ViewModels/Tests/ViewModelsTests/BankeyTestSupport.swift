import BankeyClient
import Foundation
import Networking
import Observation
import Sandbox
import Testing
import ViewModels

/// Every value a view model's observed property takes, in order, read
/// through Observation as a UI would.
///
/// Observation reports a change as it is about to happen, on the actor
/// that makes it; the new value is read on the main actor right after. The
/// view models suspend on the network between state changes, so each one
/// is seen. The check inside `onChange` proves every change happens on the
/// main actor (`Thread.isMainThread` is false under `swift test` on Linux;
/// actor isolation is what counts).
@MainActor
final class StateTrail<Value: Equatable> {
    private(set) var values: [Value]
    private let read: @MainActor () -> Value

    init(_ read: @escaping @MainActor () -> Value) {
        self.read = read
        values = [read()]
        track()
    }

    /// Waits until the last value is `expected`, failing after `timeout`.
    func wait(for expected: Value, timeout: Duration = .seconds(300)) async {
        let deadline = ContinuousClock.now + timeout
        while values.last != expected {
            guard ContinuousClock.now < deadline else {
                Issue.record("Timed out waiting for \(expected); saw \(values)")
                return
            }
            try? await Task.sleep(for: .milliseconds(2))
        }
    }

    private func track() {
        withObservationTracking {
            _ = read()
        } onChange: { [weak self] in
            MainActor.assertIsolated("A view model changed state off the main actor")
            Task { @MainActor in self?.record() }
        }
    }

    private func record() {
        let value = read()
        if values.last != value {
            values.append(value)
        }
        track()
    }
}

/// A sandbox and a Bankey client on it that never retries, so one fault
/// is one failure.
struct BankeyHarness {
    /// 2010-06-21T15:29:32Z, the lesson's date: 09:29 in Denver.
    static let lessonDate = Date(timeIntervalSince1970: 1_277_134_172)
    static let enUS = Locale(identifier: "en_US")

    let sandbox: Sandbox
    let client: BankeyClient

    init() async throws {
        sandbox = try await Sandbox()
        client = BankeyClient(
            baseURL: Sandbox.baseURL.appendingPathComponent("bankey/"),
            transport: SandboxTransport(sandbox),
            retryPolicy: .never
        )
    }

    @MainActor
    func screen(userId: String = "1") -> AccountSummaryViewModel {
        AccountSummaryViewModel(
            client: client, userId: userId, locale: Self.enUS,
            timeZone: AccountSummaryHeaderView.ViewModel.lessonTimeZone,
            now: { BankeyHarness.lessonDate })
    }

    /// Adds a delay to every answer, so a test can look at the screen
    /// while it waits.
    func slowDown() async {
        sandbox.faults.setLatency(.milliseconds(60))
    }

    func bankeyPaths() async -> [String] {
        await sandbox.requests.matching("/bankey/*").map(\.path)
    }
}

/// An exact decimal from its text.
func decimal(_ text: String) -> Decimal {
    Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? .nan
}
