import BankeyClient
import Foundation
import Models
import Networking
import Sandbox
import Testing

/// A sandbox and a client on it, for one test.
struct Harness {
    let sandbox: Sandbox
    let client: BankeyClient

    init(retryPolicy: RetryPolicy = .never) async throws {
        sandbox = try await Sandbox()
        client = BankeyClient(
            baseURL: Sandbox.baseURL.appendingPathComponent("bankey/"),
            transport: SandboxTransport(sandbox),
            retryPolicy: retryPolicy
        )
    }

    func requests() async -> [RecordedRequest] {
        await sandbox.requests.matching("/bankey/*")
    }
}

@Suite("Fetching")
struct FetchingTests {
    @Test("User 1 is Kevin Flynn with six accounts, the first exactly 929466.23")
    func userOne() async throws {
        let harness = try await Harness()
        let profile = try await harness.client.fetchProfile(forUserId: "1")
        #expect(profile == Profile(id: "1", firstName: "Kevin", lastName: "Flynn"))
        let accounts = try await harness.client.fetchAccounts(forUserId: "1")
        #expect(accounts.count == 6)
        #expect(accounts.first?.amount == Decimal(string: "929466.23", locale: Locale(identifier: "en_US_POSIX")))
        #expect(accounts.first?.name == "Basic Savings")
        #expect(accounts.map(\.type) == [.banking, .banking, .creditCard, .creditCard, .investment, .investment])
        #expect(accounts.first?.createdDateTime == Date(timeIntervalSince1970: 1_277_134_172))
        #expect(await harness.requests().map(\.path) == ["/bankey/profile/1", "/bankey/profile/1/accounts"])
    }

    @Test("Every lesson user decodes", arguments: ["1", "2", "3"])
    func everyUser(id: String) async throws {
        let harness = try await Harness()
        let summary = try await harness.client.fetchSummary(forUserId: id)
        #expect(summary.profile.id == id)
        #expect(!summary.accounts.isEmpty)
    }

    @Test("The summary fetches the profile and the accounts, one request each")
    func summary() async throws {
        let harness = try await Harness()
        let summary = try await harness.client.fetchSummary(forUserId: "1")
        #expect(summary.profile.firstName == "Kevin")
        #expect(summary.accounts.count == 6)
        #expect(Set(await harness.requests().map(\.path)) == ["/bankey/profile/1", "/bankey/profile/1/accounts"])
    }

    @Test("The server's trailing commas decode")
    func trailingCommas() async throws {
        let harness = try await Harness()
        let profile = Data("{\n\"id\": \"9\",\n\"first_name\": \"Ada\",\n\"last_name\": \"Lovelace\",\n}".utf8)
        try harness.sandbox.faults.inject(Fault(path: "/bankey/profile/9", status: 200, body: profile))
        let accounts = Data(
            #"[{"id":"1","type":"Banking","name":"Chequing","amount":1234567.89,"createdDateTime":"2010-06-21T15:29:32Z",},]"#
                .utf8)
        try harness.sandbox.faults.inject(Fault(path: "/bankey/profile/9/accounts", status: 200, body: accounts))
        let summary = try await harness.client.fetchSummary(forUserId: "9")
        #expect(summary.profile.lastName == "Lovelace")
        #expect(
            summary.accounts.first?.amount == Decimal(string: "1234567.89", locale: Locale(identifier: "en_US_POSIX")))
    }

    @Test("A user id cannot reach another path")
    func idEncoding() async throws {
        let harness = try await Harness()
        await #expect(throws: NetworkError.self) {
            _ = try await harness.client.fetchProfile(forUserId: "../profile/1")
        }
        #expect(await harness.requests().first?.path == "/bankey/profile/..%2Fprofile%2F1")
    }
}

@Suite("Failure kinds")
struct FailureTests {
    // Over a real refused connection: BankeyIntegrationTests' "A server
    // that is down gives the server-failure kind".
    @Test("A server that is down (cannotConnect) is the server-failure kind")
    func serverDown() {
        let error = BankeyError(NetworkError.cannotConnect(host: "127.0.0.1:9"))
        #expect(error.kind == .serverError)
        guard case .cannotConnect(let host) = error.underlying else {
            Issue.record("underlying is \(error.underlying)")
            return
        }
        #expect(host == "127.0.0.1:9")
    }

    @Test("A dropped connection is the server-failure kind")
    func dropped() async throws {
        let harness = try await Harness()
        try harness.sandbox.faults.inject(Fault(path: "/bankey/*", action: .dropConnection))
        await #expect {
            _ = try await harness.client.fetchAccounts(forUserId: "1")
        } throws: { error in
            ((error as? NetworkError).map(BankeyError.init))?.kind == .serverError
        }
    }

    @Test("A dropped connection is retried by the default policy and then succeeds")
    func droppedThenRetried() async throws {
        let harness = try await Harness(
            retryPolicy: RetryPolicy(clock: RetryClock(now: { Date() }, sleep: { _ in })))
        try harness.sandbox.faults.inject(Fault(path: "/bankey/*", action: .dropConnection))
        #expect(try await harness.client.fetchAccounts(forUserId: "1").count == 6)
        #expect(await harness.requests().map(\.status) == [0, 200])
    }

    @Test("An unknown user (404) and a 500 are the server-failure kind", arguments: [404, 500])
    func errorStatus(status: Int) async throws {
        let harness = try await Harness()
        try harness.sandbox.faults.inject(Fault(path: "/bankey/profile/1", status: status))
        await #expect {
            _ = try await harness.client.fetchProfile(forUserId: status == 404 ? "42" : "1")
        } throws: { error in
            ((error as? NetworkError).map(BankeyError.init))?.kind == .serverError
                && ((error as? NetworkError).map(BankeyError.init))?.underlying.status == status
        }
    }

    @Test(
        "Malformed JSON is the decoding kind, naming where it went wrong",
        arguments: [
            #"{"id": "1", "first_name": "Kevin""#, "", "<html>Application Error</html>", #"{"id": 1}"#, "[]",
        ]
    )
    func malformed(body: String) async throws {
        let harness = try await Harness()
        try harness.sandbox.faults.inject(Fault(path: "/bankey/profile/1", status: 200, body: Data(body.utf8)))
        await #expect {
            _ = try await harness.client.fetchProfile(forUserId: "1")
        } throws: { error in
            guard let error = (error as? NetworkError).map(BankeyError.init),
                case .decodingFailed(let failure) = error.underlying
            else {
                return false
            }
            return error.kind == .decodingError && failure.typeName.contains("Profile")
        }
    }

    @Test("One bad account fails the list with the decoding kind and its coding path")
    func badAccount() async throws {
        let harness = try await Harness()
        let body = #"[{"id":"1","type":"Banking","name":"A","amount":"lots","createdDateTime":"2010-06-21T15:29:32Z"}]"#
        try harness.sandbox.faults.inject(Fault(path: "/bankey/*", status: 200, body: Data(body.utf8)))
        await #expect {
            _ = try await harness.client.fetchAccounts(forUserId: "1")
        } throws: { error in
            guard let error = (error as? NetworkError).map(BankeyError.init),
                case .decodingFailed(let failure) = error.underlying
            else {
                return false
            }
            return failure.codingPath == "[0].amount"
        }
    }

    @Test("The summary fails when either fetch fails", arguments: ["/bankey/profile/1", "/bankey/profile/1/accounts"])
    func summaryFails(path: String) async throws {
        let harness = try await Harness()
        try harness.sandbox.faults.inject(Fault(path: path, status: 200, body: Data("oops".utf8)))
        await #expect {
            _ = try await harness.client.fetchSummary(forUserId: "1")
        } throws: { error in
            ((error as? NetworkError).map(BankeyError.init))?.kind == .decodingError
        }
    }

    @Test("An empty user id is refused before anything is sent")
    func emptyID() async throws {
        let harness = try await Harness()
        await #expect(throws: NetworkError.self) {
            _ = try await harness.client.fetchProfile(forUserId: "")
        }
        #expect(await harness.requests().isEmpty)
    }
}

@Suite("Completion handlers")
struct CompletionTests {
    @Test("Profile, accounts and summary arrive on the main queue")
    func mainQueue() async throws {
        let harness = try await Harness()
        let client = harness.client
        let profile: Profile = try await withCheckedThrowingContinuation { continuation in
            client.fetchProfile(forUserId: "1") { result in
                dispatchPrecondition(condition: .onQueue(.main))
                continuation.resume(with: result)
            }
        }
        #expect(profile.firstName == "Kevin")
        let accounts: [Account] = try await withCheckedThrowingContinuation { continuation in
            client.fetchAccounts(forUserId: "1") { result in
                dispatchPrecondition(condition: .onQueue(.main))
                continuation.resume(with: result)
            }
        }
        #expect(accounts.count == 6)
        let summary: AccountSummary = try await withCheckedThrowingContinuation { continuation in
            client.fetchSummary(forUserId: "2") { result in
                dispatchPrecondition(condition: .onQueue(.main))
                continuation.resume(with: result)
            }
        }
        #expect(summary.profile.id == "2")
    }

    @Test("A failure arrives as the decoding kind on the main queue")
    func failure() async throws {
        let harness = try await Harness()
        try harness.sandbox.faults.inject(Fault(path: "/bankey/*", status: 200, body: Data("{".utf8)))
        let result: Result<Profile, NetworkError> = await withCheckedContinuation { continuation in
            harness.client.fetchProfile(forUserId: "1") { result in
                dispatchPrecondition(condition: .onQueue(.main))
                continuation.resume(returning: result)
            }
        }
        guard case .failure(let error) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(BankeyError(error).kind == .decodingError)
    }

    @Test("Cancelling the returned task delivers a cancelled server error")
    func cancel() async throws {
        let harness = try await Harness()
        harness.sandbox.faults.setLatency(.seconds(5))
        let result: Result<Profile, NetworkError> = await withCheckedContinuation { continuation in
            let task = harness.client.fetchProfile(forUserId: "1") { continuation.resume(returning: $0) }
            task.cancel()
        }
        guard case .failure(let error) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(BankeyError(error).isCancelled)
        #expect(BankeyError(error).kind == .serverError)
    }
}
