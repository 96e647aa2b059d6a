import Foundation
import Sandbox
import SandboxServer
import Testing

/// A SandboxServer on 127.0.0.1, port 0, and a headless Chromium with its
/// console open; both stopped afterwards, and the page's console checked for
/// errors before they are.
enum ConsoleHarness {
    /// Whether the browser tests are switched off (`SKIP_BROWSER_TESTS=1`);
    /// without that a missing Chromium fails them, it does not skip them.
    static let isSkipped = ProcessInfo.processInfo.environment["SKIP_BROWSER_TESTS"] == "1"

    /// The lessons' setup without Airtable's rate limit, which the tests
    /// switch on from the console.
    static var configuration: SandboxConfiguration {
        var configuration = SandboxConfiguration()
        configuration.airtable.rateLimitEnabled = false
        return configuration
    }

    /// Runs `body` with a server and a browser showing the console's `view`.
    static func run(
        view: String,
        width: Int = 1280,
        height: Int = 900,
        configuration: SandboxConfiguration = ConsoleHarness.configuration,
        expectedFailures: [String] = [],
        _ body: (SandboxServer, WebDriver) async throws -> Void
    ) async throws {
        try await SandboxServer.withServer(SandboxServerOptions(port: 0, configuration: configuration)) { server in
            let browser = try await WebDriver.start(width: width, height: height)
            do {
                try await browser.open(url(of: server, view: view))
                try await body(server, browser)
                let messages = try await browser.consoleMessages()
                // A request the test makes fail on purpose is logged by the
                // browser itself, and so is a load a change of this
                // machine's network cut short (another test adding a
                // network namespace's link): neither is the page's error.
                let errors = messages.filter { message in
                    message.hasPrefix("SEVERE") && !message.contains("net::ERR_NETWORK_CHANGED")
                        && !expectedFailures.contains { message.contains($0) }
                }
                #expect(errors.isEmpty, "The page logged errors: \(messages)")
            } catch {
                await browser.quit()
                throw error
            }
            await browser.quit()
        }
    }

    /// The console's URL showing `view` (`firebase`, `requests`, …).
    static func url(of server: SandboxServer, view: String) -> URL {
        URL(string: server.consoleURL.absoluteString + "#" + view) ?? server.consoleURL
    }

    /// Saves a screenshot as `console-NAME.png` in `CONSOLE_SCREENSHOTS`
    /// (`make screenshots` points it at the docs) or `.build/console-screenshots`.
    static func screenshot(_ browser: WebDriver, _ name: String) async throws {
        let png = try await browser.screenshot()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "not a PNG")
        let folder = URL(
            fileURLWithPath: ProcessInfo.processInfo.environment["CONSOLE_SCREENSHOTS"] ?? ".build/console-screenshots",
            isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try png.write(to: folder.appending(path: "console-\(name).png"))
    }

    /// The selector of a Firebase tree row's button (`toggle`, `add`, `edit`, `delete`).
    static func treeButton(_ path: String, _ action: String) -> String {
        "[data-path=\"\(path)\"] > .row [data-action=\"\(action)\"]"
    }

    /// Waits for the dialog to close after OK, failing with its message if it stays open.
    static func confirmDialog(_ browser: WebDriver) async throws {
        try await browser.click("#dialog-ok")
        do {
            try await browser.waitUntil("the dialog to close", "return !document.getElementById('dialog').open")
        } catch {
            throw WebDriver.Failure(description: "The dialog stayed open: \(try await browser.text("#dialog-error"))")
        }
    }
}
