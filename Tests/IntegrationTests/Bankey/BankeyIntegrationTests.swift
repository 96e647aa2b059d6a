import BankeyClient
import Foundation
import HTTPTestServer
import Models
import Networking
import Sandbox
import SandboxServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real BankeyClient over real HTTP (`URLSessionTransport`) against a
/// SandboxServer on 127.0.0.1, port 0.
@Suite("Bankey over HTTP")
struct BankeyIntegrationTests {
    @Test("User 1 gives Kevin Flynn and six accounts, the first exactly 929466.23")
    func userOne() async throws {
        try await BankeyServer.run { _, client in
            let summary = try await client.fetchSummary(forUserId: "1")
            #expect(summary.profile.firstName == "Kevin")
            #expect(summary.profile.lastName == "Flynn")
            #expect(summary.accounts.count == 6)
            #expect(
                summary.accounts.first?.amount
                    == Decimal(string: "929466.23", locale: Locale(identifier: "en_US_POSIX")))
        }
    }

    @Test("The completion arrives on the main queue over HTTP")
    func completion() async throws {
        try await BankeyServer.run { _, client in
            let accounts: [Account] = try await withCheckedThrowingContinuation { continuation in
                client.fetchAccounts(forUserId: "2") { result in
                    dispatchPrecondition(condition: .onQueue(.main))
                    continuation.resume(with: result)
                }
            }
            #expect(!accounts.isEmpty)
        }
    }

    @Test("A server that is down gives the server-failure kind")
    func serverDown() async throws {
        try await ReservedPort.hold { reserved in
            let client = BankeyClient(
                baseURL: reserved.baseURL.appendingPathComponent("bankey/"),
                transport: URLSessionTransport.shared, retryPolicy: .never)
            await #expect {
                _ = try await client.fetchProfile(forUserId: "1")
            } throws: { error in
                guard let error = (error as? NetworkError).map(BankeyError.init),
                    case .cannotConnect = error.underlying
                else { return false }
                return error.kind == .serverError
            }
        }
    }

    @Test("A dropped connection gives the server-failure kind")
    func dropped() async throws {
        try await BankeyServer.run { server, client in
            try server.sandbox.faults.inject(Fault(path: "/bankey/*", count: 3, action: .dropConnection))
            await #expect {
                _ = try await client.fetchAccounts(forUserId: "1")
            } throws: { error in
                ((error as? NetworkError).map(BankeyError.init))?.kind == .serverError
            }
        }
    }

    @Test("Malformed JSON gives the decoding kind")
    func malformed() async throws {
        try await BankeyServer.run { server, client in
            try server.sandbox.faults.inject(
                Fault(
                    path: "/bankey/profile/1", status: 200, headers: ["Content-Type": "application/json"],
                    body: Data(#"{"id": "1", "first_name": "#.utf8)))
            await #expect {
                _ = try await client.fetchSummary(forUserId: "1")
            } throws: { error in
                ((error as? NetworkError).map(BankeyError.init))?.kind == .decodingError
            }
        }
    }
}

/// A SandboxServer and a BankeyClient on it, over URLSession.
enum BankeyServer {
    static func run(_ body: (SandboxServer, BankeyClient) async throws -> Void) async throws {
        try await SandboxServer.withServer(SandboxServerOptions(port: 0)) { server in
            let client = BankeyClient(
                baseURL: server.baseURL.appendingPathComponent("bankey/"),
                transport: URLSessionTransport.shared,
                retryPolicy: .never
            )
            try await body(server, client)
        }
    }
}
