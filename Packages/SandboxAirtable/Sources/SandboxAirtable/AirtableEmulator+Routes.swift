import Foundation
import Networking
import SandboxCore

extension AirtableEmulator {
    /// Authentication first (Airtable never reveals more to an unknown
    /// caller), then the base, the rate limit, the body size, and the route.
    func route(_ request: SandboxRequest) async throws(AirtableFailure) -> SandboxResponse {
        let segments = request.pathSegments
        if request.method == "GET", let file = await attachmentFile(segments) { return file }
        guard authenticator.isAuthorized(request) else { throw .authenticationRequired }
        guard segments.count >= 2 else { throw .notFound }
        if segments[1] == "meta" {
            return try await metadata(request, Array(segments.dropFirst(2)))
        }
        if segments[1] == "bases", segments.count >= 4, segments[3] == "webhooks" {
            guard await rateLimiter.admit(base: segments[2]) else { throw .rateLimited }
            return try await webhooks(request, base: segments[2], Array(segments.dropFirst(4)))
        }

        let baseID = segments[1]
        guard await store.base(baseID) != nil else {
            throw AirtableID.isValid(baseID, prefix: "app") ? .modelNotFound : .notFound
        }
        if !(await rateLimiter.admit(base: baseID)) {
            throw .rateLimited
        }
        guard request.body.count <= configuration.maxBodySize else { throw .requestTooLarge }
        if segments.count == 5, segments[4] == "uploadAttachment", request.method == "POST" {
            return try await uploadAttachment(request, base: baseID, record: segments[2], field: segments[3])
        }
        // …/{table}[/{record}[/comments[/{comment}]]]
        guard segments.count >= 3, segments.count <= 4 || (segments.count <= 6 && segments[4] == "comments") else {
            throw .notFound
        }
        let tableKey = segments[2]
        guard let table = await store.table(base: baseID, tableKey) else { throw .modelNotFound }

        if segments.count == 3 {
            switch request.method {
            case "GET":
                let parameters = try AirtableListParameters.fromQuery(request.queryItems)
                return .json(200, try AirtableListing.list(parameters, in: table))
            case "POST":
                return try await create(request, base: baseID, table: table.id)
            case "PATCH", "PUT":
                return try await updateMany(request, base: baseID, table: table.id, replacing: request.method == "PUT")
            case "DELETE":
                return try await deleteMany(request, base: baseID, table: table.id)
            default:
                throw .notFound
            }
        }

        let recordID = segments[3]
        if segments.count >= 5 {
            return try await comments(
                request, base: baseID, table: table, record: recordID, comment: segments.count == 6 ? segments[5] : nil)
        }
        if recordID == "listRecords", request.method == "POST" {
            let parameters = try AirtableListParameters.fromBody(try Self.jsonBody(request))
            return .json(200, try AirtableListing.list(parameters, in: table))
        }
        switch request.method {
        case "GET":
            guard let record = table.records[recordID] else { throw .notFound }
            let byID = request.query("returnFieldsByFieldId").map { $0 == "true" || $0 == "1" } ?? false
            let stringFormat = try AirtableStringFormat.requested(
                cellFormat: request.query("cellFormat"), timeZone: request.query("timeZone"),
                userLocale: request.query("userLocale"))
            return .json(
                200,
                AirtableCells.render(
                    record, in: table, byFieldID: byID, stringFormat: stringFormat, computation: AirtableComputation()))
        case "PATCH", "PUT":
            return try await updateOne(
                request, base: baseID, table: table.id, record: recordID, replacing: request.method == "PUT")
        case "DELETE":
            return try await deleteOne(base: baseID, table: table.id, record: recordID)
        default:
            throw .notFound
        }
    }

    /// A JSON object body. Bytes that are not JSON (invalid UTF-8
    /// included) are a 400, as Airtable documents for a body that "can't be
    /// parsed as a valid JSON"; JSON that is not an object is its 422
    /// `INVALID_REQUEST_UNKNOWN`.
    static func jsonBody(_ request: SandboxRequest) throws(AirtableFailure) -> JSON {
        guard let body = try? JSON.parse(request.body, maxDepth: 64) else { throw .unparsableBody }
        guard body.objectValue != nil else { throw .invalidRequest }
        return body
    }

    /// Airtable's limit on a request body.
    public func maxBodySize(for request: SandboxRequest) -> Int? {
        configuration.maxBodySize
    }

    /// Airtable's 413 envelope for a body over the limit.
    public func bodyTooLarge(_ request: SandboxRequest) -> SandboxResponse {
        AirtableFailure.requestTooLarge.response
    }
}
