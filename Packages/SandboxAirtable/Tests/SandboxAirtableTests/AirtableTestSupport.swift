import Foundation
import Networking
import SandboxCore
import Testing

@testable import SandboxAirtable

/// The Airtable emulator in process, answering as the Sandbox does: a path
/// with a control character is refused before the emulator sees it.
struct AirtableSandbox {
    /// The emulator.
    let airtable: AirtableEmulator

    /// An emulator with `configuration`, on `storage` if given.
    init(configuration: AirtableEmulator.Configuration, storage: (any SandboxStorage)? = nil) async throws {
        airtable = try await AirtableEmulator(configuration: configuration, storage: storage)
    }

    /// The emulator's answer to `request`.
    func respond(to request: SandboxRequest) async -> SandboxResponse {
        await airtable.answer(request)
    }
}

/// Requests to the Airtable emulator in process, as a client would send
/// them: a path with its query, a Bearer token, a JSON body.
enum AirtableTest {
    static let token = AirtableEmulator.Configuration.defaultToken
    static let base = "/v0/appIBfoNbzEaA72c2"
    static let table = base + "/Design%20projects"

    static func sandbox(
        rateLimit: Bool = false,
        rateLimitWindow: Duration = .seconds(30),
        legacy: Bool = false,
        maxBodySize: Int = 2 << 20,
        bases: [String] = [],
        storage: (any SandboxStorage)? = nil
    ) async throws -> AirtableSandbox {
        var airtable = AirtableEmulator.Configuration(
            acceptsLegacyAPIKey: legacy, rateLimitEnabled: rateLimit, rateLimitWindow: rateLimitWindow,
            maxBodySize: maxBodySize)
        airtable.bases = bases
        return try await AirtableSandbox(configuration: airtable, storage: storage)
    }

    /// `{"error":{"type":…,"message":…}}` exactly as the emulator writes it.
    static func error(_ type: String, _ message: String) -> String {
        "{\"error\":{\"type\":\(JSON.string(type).jsonText),\"message\":\(JSON.string(message).jsonText)}}"
    }

    static let notFound = #"{"error":"NOT_FOUND"}"#
    static let invalidRequest = error(
        "INVALID_REQUEST_UNKNOWN", "Invalid request: parameter validation failed. Check your request data.")
    static let unparsableBody = error(
        "INVALID_REQUEST_UNKNOWN", "Invalid request: the request body could not be parsed as JSON.")
    static let modelNotFound = error(
        "INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND",
        "Invalid permissions, or the requested model was not found. Check that both your user and your token have the required permissions, and that the model names and/or ids are correct."
    )
    static let authenticationRequired = error("AUTHENTICATION_REQUIRED", "Authentication required")
    static let rateLimited = error("RATE_LIMIT_REACHED", "Rate limit exceeded. Please try again later")

    /// A table of `count` rows (`Name` "Row n", `Rank` n) for paging tests.
    @discardableResult
    static func addRankedTable(_ sandbox: AirtableSandbox, named name: String = "Ranked", count: Int) async throws
        -> String
    {
        let rows = (0..<count).map { offset -> JSON in
            ["Name": .string("Row \(offset + 1)"), "Rank": .number(Double(offset + 1))]
        }
        return try await sandbox.airtable.addTable(
            named: name,
            fields: [
                .init("Name", .singleLineText), .init("Rank", .number), .init("Created", .createdTime),
                .init("Number", .autoNumber), .init("Done", .checkbox),
                .init("Tags", .multipleSelects, choices: ["a", "b"]),
            ],
            records: rows)
    }
}

extension AirtableSandbox {
    /// Sends an Airtable request with the default token (or `token`, or
    /// none when `nil`).
    func airtable(
        _ method: String,
        _ target: String,
        json: String? = nil,
        token: String? = AirtableTest.token,
        headers: HeaderFields = [:]
    ) async -> SandboxResponse {
        var request = SandboxRequest(method, target, headers: headers, body: Data((json ?? "").utf8))
        if let token {
            request.headers["Authorization"] = "Bearer \(token)"
        }
        if json != nil {
            request.headers["Content-Type"] = "application/json"
        }
        return await respond(to: request)
    }
}

extension SandboxResponse {
    /// The `records` of an Airtable list or batch answer.
    var airtableRecords: [JSON] {
        bodyJSON["records"]?.arrayValue ?? []
    }

    /// The `id` of every record in `records`.
    var airtableRecordIDs: [String] {
        airtableRecords.compactMap { $0["id"]?.stringValue }
    }
}

/// `rec` followed by 14 letters and digits.
func isRecordID(_ text: String?) -> Bool {
    guard let text else { return false }
    return text.wholeMatch(of: /rec[A-Za-z0-9]{14}/) != nil
}
