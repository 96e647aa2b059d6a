import ArgumentParser
import BankeyClient
import ExampleSupport
import Foundation
import ViewModels

/// `bankey summary`: the account summary screen, in the terminal.
struct SummaryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "Show a customer's greeting, accounts and total (the default command)."
    )

    @Option(name: .customLong("user"), help: "The customer's id; the lesson's server has 1, 2 and 3.")
    var userId = "1"

    @Option(help: "The locale for money and dates, such as en_CA (default: yours, or en_US if it has no currency).")
    var locale: String?

    @Option(
        name: .customLong("time-zone"),
        help: "The time zone of the header's date (default: America/Denver, the lesson's MDT).")
    var timeZone: String?

    @OptionGroup var backend: BackendOptions

    func validate() throws {
        if userId.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--user must not be empty.")
        }
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw ValidationError("Unknown time zone \"\(timeZone)\"; use an identifier such as America/Toronto.")
        }
    }

    func run() async throws {
        let zone = timeZone.flatMap(TimeZone.init(identifier:)) ?? AccountSummaryHeaderView.ViewModel.lessonTimeZone
        await Self.show(
            userId: userId, locale: DisplayLocale.resolve(locale), timeZone: zone, options: backend)
    }

    @MainActor
    private static func show(userId: String, locale: Locale, timeZone: TimeZone, options: BackendOptions) async {
        await Backend.run(options) { backend in
            var client = BankeyClient(
                baseURL: backend.url(path: "bankey/"), retryPolicy: ExampleRequestPolicy.retryPolicy)
            client.http.timeout = ExampleRequestPolicy.timeout
            let screen = AccountSummaryViewModel(client: client, userId: userId, locale: locale, timeZone: timeZone)
            await WaitIndicator.showing("Loading accounts") { await screen.load() }
            if let alert = screen.alert {
                // The lesson's alert, then what actually happened.
                let detail = screen.error.map { " (\($0.description))" } ?? ""
                throw ExampleFailure("\(alert.title): \(alert.message)\(detail)")
            }
            if options.json {
                try JSONOutput.print(SummaryDocument(screen))
            } else {
                print(SummaryRenderer.render(screen, terminal: .current))
            }
        }
    }
}
