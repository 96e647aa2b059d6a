import AirtableClient
import Foundation
import Models
import Networking
import Sandbox
import Testing

@Suite("Errors")
struct ErrorTests {
    @Test("A bad token is unauthenticated with Airtable's message, and the token is never in a URL")
    func badToken() async throws {
        let harness = try await Harness()
        let client = harness.client(token: "patWrong.secret-value")
        await #expect {
            _ = try await client.getProjects()
        } throws: { error in
            guard let error = error as? NetworkError, case .unauthenticated = error else { return false }
            return error.airtableError
                == AirtableError(status: 401, type: .authenticationRequired, message: "Authentication required")
                && !error.description.contains("secret-value")
        }
        let recorded = await harness.requests()
        #expect(recorded.count == 1)
        #expect(recorded.allSatisfy { ($0.rawQuery ?? "").isEmpty })
    }

    @Test("An unknown table is Airtable's 403 INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND")
    func unknownTable() async throws {
        let harness = try await Harness()
        await #expect {
            _ = try await harness.client(table: "No such table").records(as: Project.self)
        } throws: { error in
            guard let error = error as? NetworkError, case .forbidden = error else { return false }
            return error.airtableError?.type == .invalidPermissionsOrModelNotFound
        }
    }

    @Test("A bad formula is INVALID_FILTER_BY_FORMULA")
    func badFormula() async throws {
        let harness = try await Harness()
        await #expect {
            _ = try await harness.client().records(AirtableQuery(filterByFormula: "SUM("), as: Project.self)
        } throws: { error in
            (error as? NetworkError)?.airtableError?.type == .invalidFilterByFormula
        }
    }

    @Test("The {\"errors\":[…]} body reads as an AirtableError too")
    func errorsArray() async throws {
        let harness = try await Harness()
        let body = #"{"errors":[{"error":"INVALID_REQUEST_UNKNOWN","message":"Invalid request"}]}"#
        try harness.sandbox.faults.inject(Fault(path: "/v0/*", status: 422, body: Data(body.utf8)))
        await #expect {
            _ = try await harness.client().records(as: Project.self)
        } throws: { error in
            // The client reads Airtable's shapes into the failure's message
            // (Networking's own reader knows no API).
            (error as? NetworkError)?.airtableError
                == AirtableError(status: 422, type: .invalidRequestUnknown, message: "Invalid request")
                && (error as? NetworkError)?.failure?.message
                    == ServerMessage(code: "INVALID_REQUEST_UNKNOWN", message: "Invalid request")
        }
        try harness.sandbox.faults.inject(Fault(path: "/v0/*", status: 404, body: Data(#"{"error":"NOT_FOUND"}"#.utf8)))
        await #expect {
            _ = try await harness.client().records(as: Project.self)
        } throws: { error in
            (error as? NetworkError)?.failure?.message == ServerMessage(code: "NOT_FOUND", message: "NOT_FOUND")
        }
    }

    @Test(
        "Bad responses fail with a clear error and never crash",
        arguments: [
            (200, "not json at all"), (200, ""), (200, #"{"records":"nope"}"#), (200, #"{"records":[{"id":1}]}"#),
            (502, "<html><title>502 Bad Gateway</title></html>"), (404, #"{"error":"NOT_FOUND"}"#), (500, "\u{0}\u{1}"),
        ]
    )
    func badResponses(status: Int, body: String) async throws {
        let harness = try await Harness()
        let client = harness.client(harness.client().configuration, retryPolicy: .never)
        try harness.sandbox.faults.inject(Fault(path: "/v0/*", status: status, body: Data(body.utf8)))
        await #expect(throws: NetworkError.self) {
            _ = try await client.records(as: Project.self)
        }
    }

    @Test("A server that repeats an offset ends the paging with an error instead of looping")
    func repeatedOffset() async throws {
        let harness = try await Harness()
        let page = Data(#"{"records":[],"offset":"itrLoop/recLoop"}"#.utf8)
        try harness.sandbox.faults.inject(Fault(path: "/v0/*", count: 5, status: 200, body: page))
        await #expect {
            _ = try await harness.client().records(as: Project.self)
        } throws: { error in
            guard let error = error as? NetworkError, case .decodingFailed(let failure) = error else { return false }
            return failure.codingPath == "offset"
        }
        #expect(await harness.requests().count == 2)
    }

    @Test("Descriptions, mirrors and logs never show the token")
    func tokenRedacted() async throws {
        let harness = try await Harness()
        var client = harness.client()
        let lines = LogLines()
        client.http.observers.append(NetworkObserver { lines.append("\($0)") })
        _ = try await client.listRecords(as: Project.self)
        var dumped = ""
        dump(client, to: &dumped)
        for text in [client.description, client.debugDescription, dumped, lines.all.joined()] {
            #expect(!text.contains(Harness.token))
        }
        #expect(!lines.all.isEmpty)
    }
}

/// Log lines collected from any task.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    var all: [String] { lock.withLock { lines } }

    func append(_ line: String) {
        lock.withLock { lines.append(line) }
    }
}
