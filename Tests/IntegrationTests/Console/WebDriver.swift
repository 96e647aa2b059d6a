import AsyncHTTPClientTransport
import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A small W3C WebDriver client for the console's browser tests: Debian's
/// `chromedriver` driving a real headless Chromium, spoken to over the
/// SDK's own `AsyncHTTPClientTransport`. (Not `URLSessionTransport`:
/// chromedriver writes `Content-Length:249`, without a space after the colon,
/// which HTTP allows and FoundationNetworking on Linux cannot parse.)
///
/// Only what the tests use: open a page, run a script, find and click
/// elements, type, take screenshots, read the browser's console log.
final class WebDriver: Sendable {
    /// A WebDriver or browser failure, with the driver's message.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `chromedriver` and `chromium` from `PATH` (or `CHROMEDRIVER` and
    /// `CHROMIUM`), or `nil` when either is missing.
    static let installation: (driver: String, browser: String)? = {
        let environment = ProcessInfo.processInfo.environment
        func find(_ variable: String, _ names: [String]) -> String? {
            if let path = environment[variable], FileManager.default.isExecutableFile(atPath: path) { return path }
            let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            for folder in folders {
                for name in names where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                    return "\(folder)/\(name)"
                }
            }
            return nil
        }
        guard let driver = find("CHROMEDRIVER", ["chromedriver"]),
            let browser = find("CHROMIUM", ["chromium", "chromium-browser", "google-chrome"])
        else { return nil }
        return (driver, browser)
    }()

    private static let elementKey = "element-6066-11e4-a52e-4f735466cecf"
    private let process: DriverProcess
    private let session: URL
    private static let transport = AsyncHTTPClientTransport()

    private init(process: DriverProcess, session: URL) {
        self.process = process
        self.session = session
    }

    /// Starts `chromedriver` on a free port and a headless Chromium session
    /// with a window of `width` × `height`, and any other Chromium switches
    /// (`--host-resolver-rules=…`).
    static func start(width: Int = 1280, height: Int = 900, switches: [String] = []) async throws -> WebDriver {
        guard let installation else {
            throw Failure(
                description:
                    "The browser tests need Chromium and its driver: apt-get install chromium chromium-driver (scripts/install_browser.sh does it), or SKIP_BROWSER_TESTS=1."
            )
        }
        let (process, base) = try await DriverProcess.start(installation.driver)
        do {
            let arguments =
                [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                    "--no-first-run", "--disable-extensions", "--window-size=\(width),\(height)", "--lang=en-US",
                ] + switches
            let capabilities: [String: Any] = [
                "capabilities": [
                    "alwaysMatch": [
                        "browserName": "chrome",
                        "goog:chromeOptions": ["binary": installation.browser, "args": arguments],
                        "goog:loggingPrefs": ["browser": "ALL"],
                    ]
                ]
            ]
            let created = try await call(
                .post, base.appending(path: "session"), capabilities)
            guard let id = (created as? [String: Any])?["sessionId"] as? String else {
                throw Failure(description: "chromedriver made no session: \(String(describing: created))")
            }
            return WebDriver(process: process, session: base.appending(path: "session/\(id)"))
        } catch {
            await process.terminate()
            throw error
        }
    }

    /// Ends the session and the driver.
    func quit() async {
        _ = try? await Self.call(.delete, session, nil)
        await process.terminate()
    }

    /// Opens `url` and waits for the console's script to say it is ready:
    /// up to five minutes, since a loaded 2-core machine running the other suites
    /// (Python clients among them) beside the browser has needed more than
    /// 30 for the first page (speed is the benchmarks' business, not this
    /// wait's). A page that never gets ready fails with what the browser
    /// saw: the document's state, each file it fetched with its status, and
    /// its console, so a failure seen once in CI says which file or script
    /// stopped the page.
    ///
    /// Chromium aborts the loads in flight when this machine's network
    /// changes (`net::ERR_NETWORK_CHANGED`), as it does when another test
    /// adds a network namespace's link; a page with a file cut short that
    /// way (status 0) is loaded again, up to three times, as a person would
    /// reload it.
    func open(_ url: URL) async throws {
        for attempt in 1...3 {
            if attempt == 1 {
                try await navigate(to: url)
            } else {
                // The cut-short load's messages go with it; a reload, since
                // opening the same URL again would only move to its
                // fragment.
                _ = try? await consoleMessages()
                try await command(.post, "refresh", [:])
            }
            do {
                try await waitUntil(
                    "the page is ready", timeout: .seconds(300),
                    """
                    return document.documentElement.dataset.ready === 'true'
                      || performance.getEntriesByType('resource').some((entry) => entry.responseStatus === 0)
                    """)
            } catch let failure as Failure {
                throw Failure(description: "\(failure.description) The browser saw: \(await pageReport())")
            }
            if try await run("return document.documentElement.dataset.ready === 'true'") as? Bool == true {
                return
            }
            // A load cut short is a network error (status 0, no answer at
            // all): the server answered 200 or an error of its own to every
            // other request. Three in a row is a failure.
            guard attempt < 3 else {
                throw Failure(
                    description:
                        "A file of the page failed to load three times. The browser saw: \(await pageReport())")
            }
        }
    }

    /// The document's state, the files it fetched (name, status, duration)
    /// and the browser's console, for a failure's description.
    private func pageReport() async -> String {
        let state =
            (try? await run(
                """
                const files = performance.getEntriesByType('resource').map((entry) =>
                  `${entry.name} ${entry.responseStatus ?? '?'} ${Math.round(entry.duration)} ms`);
                return `readyState ${document.readyState}, URL ${location.href}, files [${files.join(', ')}]`;
                """)) as? String ?? "no answer to a script"
        let messages = (try? await consoleMessages()) ?? []
        return "\(state), console \(messages)"
    }

    /// Opens `url`, whatever it is, and waits for it to load.
    func navigate(to url: URL) async throws {
        try await command(.post, "url", ["url": url.absoluteString])
    }

    /// Runs `script` as an async function body and returns what it
    /// resolves to.
    func evaluate(_ script: String) async throws -> Any? {
        try await command(
            .post, "execute/async",
            [
                "script":
                    "const done = arguments[0]; (async () => { \(script) })().then(done, (error) => done(String(error)));",
                "args": [],
            ])
    }

    /// Runs `script` (a function body; `arguments[0]`… are `arguments`) and
    /// returns what it returns.
    @discardableResult
    func run(_ script: String, _ arguments: [Any] = []) async throws -> Any? {
        try await command(.post, "execute/sync", ["script": script, "args": arguments])
    }

    /// Runs `script` until it returns `true`, every 25 ms, for at most `timeout`.
    func waitUntil(_ what: String, timeout: Duration = .seconds(300), _ script: String, _ arguments: [Any] = [])
        async throws
    {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if try await run(script, arguments) as? Bool == true { return }
            try await Task.sleep(for: .milliseconds(25))
        }
        throw Failure(description: "Waited \(timeout) for \(what).")
    }

    /// Waits for an element matching `selector` and returns its id.
    @discardableResult
    func element(_ selector: String, timeout: Duration = .seconds(300)) async throws -> String {
        try await waitUntil(
            "an element \(selector)", timeout: timeout, "return document.querySelector(arguments[0]) !== null",
            [selector])
        let found = try await command(.post, "element", ["using": "css selector", "value": selector])
        guard let id = (found as? [String: Any])?[Self.elementKey] as? String else {
            throw Failure(description: "No element \(selector).")
        }
        return id
    }

    /// Clicks the element matching `selector`, as a person would.
    func click(_ selector: String) async throws {
        let id = try await element(selector)
        try await command(.post, "element/\(id)/click", [:])
    }

    /// Replaces the text of the input matching `selector` by typing `text`.
    func type(_ text: String, into selector: String) async throws {
        let id = try await element(selector)
        try await command(.post, "element/\(id)/clear", [:])
        try await command(.post, "element/\(id)/value", ["text": text])
    }

    /// Sends keys to whatever has the focus (`\u{E014}` is →, `\u{E007}` Enter).
    func press(_ keys: String) async throws {
        let actions: [[String: Any]] = keys.unicodeScalars.flatMap { key -> [[String: Any]] in
            [["type": "keyDown", "value": String(key)], ["type": "keyUp", "value": String(key)]]
        }
        try await command(
            .post, "actions", ["actions": [["type": "key", "id": "keyboard", "actions": actions]]])
    }

    /// The visible text of the element matching `selector`.
    func text(_ selector: String) async throws -> String {
        try await run("return document.querySelector(arguments[0])?.innerText ?? ''", [selector]) as? String ?? ""
    }

    /// A PNG of the window.
    func screenshot() async throws -> Data {
        guard let encoded = try await command(.get, "screenshot", nil) as? String,
            let data = Data(base64Encoded: encoded)
        else { throw Failure(description: "The screenshot was not base64.") }
        return data
    }

    /// Resizes the window (the page's width decides its layout).
    func resize(width: Int, height: Int) async throws {
        try await command(.post, "window/rect", ["width": width, "height": height])
    }

    /// Makes the page see `prefers-color-scheme: dark` (or light), through
    /// the DevTools protocol.
    func prefersDark(_ dark: Bool) async throws {
        try await command(
            .post, "goog/cdp/execute",
            [
                "cmd": "Emulation.setEmulatedMedia",
                "params": ["features": [["name": "prefers-color-scheme", "value": dark ? "dark" : "light"]]],
            ])
    }

    /// What the page wrote to the browser's console since the last call,
    /// as `LEVEL message` lines: uncaught errors, failed loads, logs.
    func consoleMessages() async throws -> [String] {
        let entries = try await command(.post, "se/log", ["type": "browser"]) as? [[String: Any]] ?? []
        return entries.map { "\($0["level"] ?? "?") \($0["message"] ?? "")" }
    }

    // MARK: Wire

    @discardableResult
    private func command(_ method: HTTPMethod, _ path: String, _ body: [String: Any]?) async throws -> Any? {
        try await Self.call(method, session.appending(path: path), body)
    }

    private static func call(
        _ method: HTTPMethod, _ url: URL, _ body: [String: Any]?
    )
        async throws -> Any?
    {
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        let request = TransportRequest(
            method: method, url: url, headers: ["Content-Type": "application/json; charset=utf-8"],
            body: data.map { TransferBody($0) },
            timeout: .seconds(60))
        let response = try await Self.transport.send(request)
        let decoded = try? JSONSerialization.jsonObject(with: response.body, options: [.fragmentsAllowed])
        let value = (decoded as? [String: Any])?["value"]
        guard response.isSuccess else {
            let message = (value as? [String: Any]).map { "\($0["error"] ?? ""): \($0["message"] ?? "")" }
            throw Failure(
                description:
                    "WebDriver \(method.rawValue) \(url.path) → \(response.status): \(message ?? String(decoding: response.body.prefix(300), as: UTF8.self))"
            )
        }
        return value is NSNull ? nil : value
    }
}

/// The `chromedriver` process: launched, asked for its port, terminated.
/// `Process` is not `Sendable`; this wrapper is used by one test at a time.
private final class DriverProcess: @unchecked Sendable {
    private let process = Process()
    private let output = Pipe()
    private var collected: ChildProcess.OutputCollector?

    /// Launches chromedriver and waits for its port. Given `--port=0`,
    /// chromedriver picks a port itself and exits when another socket holds
    /// it ("IPv4 port not available", seen in CI after the suites had left
    /// thousands of sockets in TIME_WAIT): a start that ends that way, or
    /// any way before a port is printed, is tried again, up to five times.
    static func start(_ path: String) async throws -> (DriverProcess, URL) {
        var attempt = 1
        while true {
            let driver = try launch(path)
            do {
                return (driver, try await driver.baseURL())
            } catch {
                let exited = !driver.process.isRunning
                await driver.terminate()
                guard exited, attempt < 5 else { throw error }
                attempt += 1
            }
        }
    }

    private static func launch(_ path: String) throws -> DriverProcess {
        let driver = DriverProcess()
        driver.process.executableURL = URL(fileURLWithPath: path)
        driver.process.arguments = ["--port=0"]
        driver.process.standardOutput = driver.output
        driver.process.standardError = FileHandle.nullDevice
        // Read on a thread of its own, as every child process of these
        // tests: a readability handler waits for Foundation's queues, which
        // a loaded machine running 900 tests keeps busy.
        driver.collected = ChildProcess.OutputCollector(driver.output.fileHandleForReading)
        try driver.process.run()
        return driver
    }

    private var printed: String {
        collected?.text ?? ""
    }

    /// `http://127.0.0.1:PORT/`, once chromedriver has said which port it
    /// took: up to five minutes, for a loaded CI machine; at once if it exits.
    func baseURL() async throws -> URL {
        let deadline = ContinuousClock.now + .seconds(300)
        while ContinuousClock.now < deadline {
            let text = printed
            if let range = text.range(of: "started successfully on port ") {
                let digits = text[range.upperBound...].prefix { $0.isNumber }
                if let port = Int(digits), let url = URL(string: "http://127.0.0.1:\(port)/") { return url }
            }
            if !process.isRunning { break }
            try await Task.sleep(for: .milliseconds(25))
        }
        throw WebDriver.Failure(description: "chromedriver did not start: \(printed)")
    }

    /// Asks the driver to stop, and kills it if it has not within two
    /// seconds. (Foundation's `waitUntilExit` spins a core on Linux.)
    func terminate() async {
        guard process.isRunning else { return }
        process.terminate()
        for _ in 0..<80 where process.isRunning {
            try? await Task.sleep(for: .milliseconds(25))
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
    }
}
