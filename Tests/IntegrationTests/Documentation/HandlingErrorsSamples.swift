import BankeyClient
import FirebaseAuthClient
import Foundation
import Models
import Networking
import Sandbox
import SooGreyhoundsClient
import Testing

/// The code of the errors guide, run against the in-process Sandbox.
@Suite("Documentation: handling errors")
struct HandlingErrorsSamples: DocumentationSample {
    @Test("A 404 is caught by its case")
    func catchByCase() async throws {
        let sandbox = try await Sandbox()
        let client = NetworkClient(baseURL: Sandbox.baseURL, transport: SandboxTransport(sandbox))
        let printed = await Printed.capture {
            // snippet: errors-catch
            do throws(NetworkError) {
                let profile = try await client.send(NetworkRequest<Profile>.get("bankey/profile/42"))
                print(profile.firstName)
            } catch .notFound(let failure) {
                print(failure.status, failure.url)  // 404 http://sandbox.local/bankey/profile/42
            } catch {
                print(error)  // one plain line
            }
            // end snippet
        }
        #expect(printed == ["404 http://sandbox.local/bankey/profile/42"])
    }

    @Test("The alert function covers every case, and reads the five clients' real failures as a user should")
    func alertMessages() async throws {
        // snippet: errors-alert-message
        func alertMessage(for error: NetworkError) -> String? {
            switch error {
            case .cancelled:
                return nil  // the user moved on
            case .notConnected:
                return "You're offline. Check your connection and try again."
            case .cannotConnect, .connectionLost, .incompleteBody, .timedOut, .transportFailed:
                return "The server can't be reached right now. Try again in a moment."
            case .tlsFailed:
                return "A secure connection can't be made. Check the date and time, or try another network."
            case .unauthenticated(let failure):
                // A refused app key says to check the configuration, not to sign in.
                return failure.advice ?? "Please sign in again."
            case .forbidden(let failure):
                return failure.advice ?? "You don't have access to this."
            case .notFound:
                return "This was deleted or moved."
            case .conflict:
                return "Someone changed this in the meantime. Reload and try again."
            case .rateLimited(let failure):
                let wait = failure.retryAfter.map { "in \($0.components.seconds) seconds" } ?? "later"
                return "Too many requests. Try again \(wait)."
            case .httpStatus(let failure) where failure.status >= 500, .tooManyRedirects(let failure):
                return "\(failure.service?.description ?? "The server") had a problem. Try again later."
            case .httpStatus(let failure), .serviceFailure(let failure):
                // The service's own advice ("The password is wrong."), else its words.
                return failure.advice ?? failure.message?.message
                    ?? "\(failure.service?.description ?? "The server") refused the request."
            case .noData, .decodingFailed, .responseTooLarge:
                return "The server sent something unexpected."
            case .invalidURL, .invalidRequest, .encodingFailed, .bodyNotReplayable, .unsupportedConfiguration:
                return "Something went wrong on our side."
            case .notAnImage:
                return "This image can't be shown."
            case .fileFailed(let failure):
                return failure.operation == .reading
                    ? "The file can't be read: \(failure.reason)." : "The file can't be saved: \(failure.reason)."
            @unknown default:
                return error.description  // a case a later release adds
            }
        }
        // end snippet
        let limited = HTTPFailure(status: 429, method: .get, url: "https://x.test/", retryAfter: .seconds(30))
        #expect(alertMessage(for: .rateLimited(limited)) == "Too many requests. Try again in 30 seconds.")
        #expect(alertMessage(for: .cancelled) == nil)
        let teapot = HTTPFailure(
            status: 418, method: .get, url: "https://x.test/",
            message: ServerMessage(code: nil, message: "I'm a teapot"))
        #expect(alertMessage(for: .httpStatus(teapot)) == "I'm a teapot")

        var failures = try await ServiceErrorTests.sandboxFailures().map { ($0.0.description, $0.1) }
        let sandbox = try await Sandbox()
        let auth = FirebaseAuthClient(
            apiKey: "any", endpoints: .emulator(Sandbox.baseURL), transport: SandboxTransport(sandbox))
        do throws(NetworkError) {
            _ = try await auth.signIn(email: "nobody@example.com", password: "whatever")
        } catch { failures.append(("an unknown email", error)) }
        var alerts: [String: String] = [:]
        for (origin, error) in failures {
            let alert = try #require(alertMessage(for: error), "\(origin): \(error)")
            alerts[origin] = alert
            // No raw code (INVALID_PASSWORD, AUTHENTICATION_REQUIRED) and no status.
            #expect(alert.firstMatch(of: /[A-Z]+_[A-Z_]+|\(\d{3}\)/) == nil, "\(origin): \(alert)")
        }
        #expect(
            ["The password is wrong.", "The email or password is wrong."].contains(alerts["Firebase Authentication"]))
        #expect(alerts["an unknown email"] == "No account has this email.")
        #expect(alerts["Bankey"] == "This was deleted or moved.")
        // Keys and tokens the app is configured with are not the user's to fix.
        for configured in ["Airtable", "SooGreyhounds"] {
            let alert = try #require(alerts[configured])
            #expect(alert.localizedCaseInsensitiveContains("configured"), "\(configured): \(alert)")
            #expect(!alert.localizedCaseInsensitiveContains("sign in"), "\(configured): \(alert)")
        }
    }

    @Test("A decoding failure names the place and the reason")
    func decoding() async throws {
        let sandbox = try await Sandbox()
        let bankey = BankeyClient(
            baseURL: Sandbox.baseURL.appending(path: "bankey/"), transport: SandboxTransport(sandbox))
        let printed = try await Printed.capture {
            // snippet: errors-decoding
            try sandbox.faults.inject(
                Fault(
                    path: "/bankey/profile/1/accounts", status: 200,
                    body: Data(
                        #"[{"id": "1", "type": "Banking", "name": "Savings", "createdDateTime": "2010-06-21T15:29:32Z"}]"#
                            .utf8)))
            do throws(NetworkError) {
                _ = try await bankey.fetchAccounts(forUserId: "1")
            } catch {
                guard case .decodingFailed(let failure) = error else { throw error }
                print(BankeyError(error).kind, failure.codingPath)  // decodingError [0].amount
                print(failure.reason)  // missing key "amount"
            }
            // end snippet
        }
        #expect(printed == ["decodingError [0].amount", #"missing key "amount""#])
    }

    @Test("Retries and the redacted log")
    func retriesAndLog() async throws {
        let sandbox = try await Sandbox()
        let printed = try await Printed.capture {
            // snippet: errors-retry-and-log
            var client = NetworkClient(baseURL: Sandbox.baseURL, transport: SandboxTransport(sandbox))
            client.retryPolicy = RetryPolicy(maxAttempts: 5, baseDelay: .milliseconds(200), deadline: .seconds(20))
            // Secrets are already redacted in what an observer gets.
            client.observers.append(NetworkObserver { record in print(record) })

            try sandbox.faults.inject(Fault(path: "/services/rest", status: 503, headers: ["Retry-After": "0"]))
            let key = SooGreyhoundsAPI.lessonAPIKey
            let request = NetworkRequest<Data>.get("services/rest").query([
                "method": "soogreyhounds.photos.getList", "api_key": key,
            ])
            _ = try await client.send(request)
            // → GET http://sandbox.local/services/rest?api_key=REDACTED&method=soogreyhounds.photos.getList (attempt 1, 0 bytes)
            // ← 503 GET http://sandbox.local/services/rest?api_key=REDACTED&method=soogreyhounds.photos.getList (attempt 1, …)
            // ⟳ GET http://sandbox.local/services/rest?api_key=REDACTED&method=soogreyhounds.photos.getList: attempt 1 failed (…); retrying in 0 ms
            // → GET http://sandbox.local/services/rest?api_key=REDACTED&method=soogreyhounds.photos.getList (attempt 2, 0 bytes)
            // ← 200 GET http://sandbox.local/services/rest?api_key=REDACTED&method=soogreyhounds.photos.getList (attempt 2, …)
            // end snippet
        }
        let url = "http://sandbox.local/services/rest?api_key=REDACTED&method=soogreyhounds.photos.getList"
        #expect(printed.count == 5)
        #expect(printed.first == "→ GET \(url) (attempt 1, 0 bytes)")
        #expect(printed.dropFirst().first?.hasPrefix("← 503 GET \(url) (attempt 1, ") == true)
        #expect(printed.dropFirst(2).first?.hasPrefix("⟳ GET \(url): attempt 1 failed (") == true)
        #expect(printed.dropFirst(2).first?.hasSuffix("retrying in 0 ms") == true)
        #expect(printed.dropFirst(3).first == "→ GET \(url) (attempt 2, 0 bytes)")
        #expect(printed.last?.hasPrefix("← 200 GET \(url) (attempt 2, ") == true)
        #expect(!printed.joined().contains(SooGreyhoundsAPI.lessonAPIKey))
    }
}
