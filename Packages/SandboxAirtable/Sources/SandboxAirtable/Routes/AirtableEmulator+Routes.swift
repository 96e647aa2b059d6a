import Foundation
import Networking
import SandboxCore

extension AirtableEmulator {
    /// Authentication first (Airtable never reveals more to an unknown
    /// caller, except an attachment's file, which its URL is enough for),
    /// then the route; each route checks the base, the rate limit and the
    /// body size as Airtable does.
    func route(_ request: SandboxRequest) async throws(AirtableFailure) -> SandboxResponse {
        if let file = await Self.openRoutes.response(to: request, with: self) { return file }
        guard authenticator.isAuthorized(request) else { throw .authenticationRequired }
        return await Self.routes.respond(
            to: request, with: self, notFound: { AirtableFailure.notFound.response },
            methodNotAllowed: { _ in AirtableFailure.notFound.response })
    }

    /// What needs no token: an uploaded attachment's file.
    static let openRoutes = RouteTable<AirtableEmulator>([
        Route([.get, .head], "/v0/attachments/{id}/{filename}", "An uploaded attachment's file (no token needed)") {
            airtable, request, parameters in
            await airtable.attachmentFile(id: parameters["id"], for: request)
        }
    ])

    /// The Web API's endpoints, as Airtable's reference lists them: the
    /// metadata API and webhooks first, since `/v0/{base}/…` would take
    /// their paths too.
    static let routes = RouteTable<AirtableEmulator>([
        Route(.get, "/v0/meta/whoami", "The token's user and scopes") { (airtable, _, _) throws(AirtableFailure) in
            airtable.whoami()
        },
        Route(.get, "/v0/meta/bases", "List bases") { (airtable, _, _) throws(AirtableFailure) in
            await airtable.listBases()
        },
        Route(.post, "/v0/meta/bases", "Create a base") { (airtable, request, _) throws(AirtableFailure) in
            try await airtable.createBase(request)
        },
        Route(.get, "/v0/meta/bases/{base}", "A base's collaborators") {
            (airtable, _, parameters) throws(AirtableFailure) in
            .json(200, AirtableEmulator.baseInfo(try await airtable.metadataBase(parameters["base"])))
        },
        Route(.get, "/v0/meta/bases/{base}/tables", "A base's schema: its tables, fields and views") {
            (airtable, _, parameters) throws(AirtableFailure) in
            let base = try await airtable.metadataBase(parameters["base"])
            return .json(200, ["tables": .array(base.tables.map(AirtableSchemaCodec.json))])
        },
        Route(.post, "/v0/meta/bases/{base}/tables", "Create a table") {
            (airtable, request, parameters) throws(AirtableFailure) in
            try await airtable.createTable(request, in: airtable.metadataBase(parameters["base"]))
        },
        Route(.patch, "/v0/meta/bases/{base}/tables/{table}", "Rename or describe a table") {
            (airtable, request, parameters) throws(AirtableFailure) in
            try await airtable.updateTable(
                request, parameters["table"], in: airtable.metadataBase(parameters["base"]))
        },
        Route(.post, "/v0/meta/bases/{base}/tables/{table}/fields", "Create a field") {
            (airtable, request, parameters) throws(AirtableFailure) in
            try await airtable.createField(
                request, table: parameters["table"], in: airtable.metadataBase(parameters["base"]))
        },
        Route(.patch, "/v0/meta/bases/{base}/tables/{table}/fields/{field}", "Rename or describe a field") {
            (airtable, request, parameters) throws(AirtableFailure) in
            try await airtable.updateField(
                request, parameters["field"], table: parameters["table"],
                in: airtable.metadataBase(parameters["base"]))
        },
        Route(.get, "/v0/bases/{base}/webhooks", "List webhooks") {
            (airtable, _, parameters) throws(AirtableFailure) in
            try await airtable.listWebhooks(base: airtable.webhooksBase(parameters["base"]))
        },
        Route(.post, "/v0/bases/{base}/webhooks", "Create a webhook") {
            (airtable, request, parameters) throws(AirtableFailure) in
            try await airtable.createWebhook(request, base: airtable.webhooksBase(parameters["base"]))
        },
        Route(.delete, "/v0/bases/{base}/webhooks/{webhook}", "Delete a webhook") {
            (airtable, _, parameters) throws(AirtableFailure) in
            try await airtable.deleteWebhook(parameters["webhook"], base: airtable.webhooksBase(parameters["base"]))
        },
        Route(.post, "/v0/bases/{base}/webhooks/{webhook}/refresh", "Extend a webhook's life by 7 days") {
            (airtable, _, parameters) throws(AirtableFailure) in
            try await airtable.refreshWebhook(parameters["webhook"], base: airtable.webhooksBase(parameters["base"]))
        },
        Route(.post, "/v0/bases/{base}/webhooks/{webhook}/enableNotifications", "Turn a webhook's pings on or off") {
            (airtable, request, parameters) throws(AirtableFailure) in
            try await airtable.enableNotifications(
                request, parameters["webhook"], base: airtable.webhooksBase(parameters["base"]))
        },
        Route(.get, "/v0/bases/{base}/webhooks/{webhook}/payloads", "A webhook's payloads, a page at a time") {
            (airtable, request, parameters) throws(AirtableFailure) in
            try await airtable.webhookPayloads(
                request, parameters["webhook"], base: airtable.webhooksBase(parameters["base"]))
        },
        Route(.post, "/v0/{base}/{record}/{field}/uploadAttachment", "Upload a file into an attachment field") {
            (airtable, request, parameters) throws(AirtableFailure) in
            try await airtable.uploadAttachment(
                request, base: airtable.recordsBase(parameters["base"], request), record: parameters["record"],
                field: parameters["field"])
        },
        Route(.get, "/v0/{base}/{table}", "List records: fields[], filterByFormula, sort, view, pageSize, offset…") {
            (airtable, request, parameters) throws(AirtableFailure) in
            let table = try await airtable.recordsTable(parameters, request)
            let listing = try AirtableListParameters.fromQuery(request.queryItems)
            return .json(200, try AirtableListing.list(listing, in: table))
        },
        Route(.post, "/v0/{base}/{table}", "Create up to 10 records") {
            (airtable, request, parameters) throws(AirtableFailure) in
            let table = try await airtable.recordsTable(parameters, request)
            return try await airtable.create(request, base: parameters["base"], table: table.id)
        },
        Route([.patch, .put], "/v0/{base}/{table}", "Update or replace up to 10 records, or upsert them") {
            (airtable, request, parameters) throws(AirtableFailure) in
            let table = try await airtable.recordsTable(parameters, request)
            return try await airtable.updateMany(
                request, base: parameters["base"], table: table.id, replacing: request.httpMethod == .put)
        },
        Route(.delete, "/v0/{base}/{table}", "Delete up to 10 records (records[])") {
            (airtable, request, parameters) throws(AirtableFailure) in
            let table = try await airtable.recordsTable(parameters, request)
            return try await airtable.deleteMany(request, base: parameters["base"], table: table.id)
        },
        Route(.post, "/v0/{base}/{table}/listRecords", "List records, the parameters in the body") {
            (airtable, request, parameters) throws(AirtableFailure) in
            let table = try await airtable.recordsTable(parameters, request)
            let listing = try AirtableListParameters.fromBody(try AirtableEmulator.jsonBody(request))
            return .json(200, try AirtableListing.list(listing, in: table))
        },
        Route(.get, "/v0/{base}/{table}/{record}", "A record: returnFieldsByFieldId, cellFormat…") {
            (airtable, request, parameters) throws(AirtableFailure) in
            let table = try await airtable.recordsTable(parameters, request)
            return try AirtableEmulator.record(parameters["record"], in: table, request)
        },
        Route([.patch, .put], "/v0/{base}/{table}/{record}", "Update or replace a record") {
            (airtable, request, parameters) throws(AirtableFailure) in
            let table = try await airtable.recordsTable(parameters, request)
            return try await airtable.updateOne(
                request, base: parameters["base"], table: table.id, record: parameters["record"],
                replacing: request.httpMethod == .put)
        },
        Route(.delete, "/v0/{base}/{table}/{record}", "Delete a record") {
            (airtable, request, parameters) throws(AirtableFailure) in
            let table = try await airtable.recordsTable(parameters, request)
            return try await airtable.deleteOne(base: parameters["base"], table: table.id, record: parameters["record"])
        },
        Route([.get, .post], "/v0/{base}/{table}/{record}/comments", "List a record's comments, or add one") {
            (airtable, request, parameters) throws(AirtableFailure) in
            let table = try await airtable.recordsTable(parameters, request)
            return try await airtable.comments(
                request, base: parameters["base"], table: table, record: parameters["record"], comment: nil)
        },
        Route([.patch, .delete], "/v0/{base}/{table}/{record}/comments/{comment}", "Edit or delete a comment") {
            (airtable, request, parameters) throws(AirtableFailure) in
            let table = try await airtable.recordsTable(parameters, request)
            return try await airtable.comments(
                request, base: parameters["base"], table: table, record: parameters["record"],
                comment: parameters["comment"])
        },
    ])

    /// Every endpoint, those that need no token first, for endpoint lists.
    public static var endpoints: [Endpoint] {
        openRoutes.endpoints + routes.endpoints
    }

    /// The base of a records request, checked in Airtable's order: it
    /// exists (a well-formed id that does not is `MODEL_ID_NOT_FOUND`), the
    /// rate limit. (The body's size is checked before any of it, as a
    /// server refuses a large body before reading it: `refusal(ofBodyOf:)`.)
    func recordsBase(_ id: String, _ request: SandboxRequest) async throws(AirtableFailure) -> String {
        guard await store.base(id) != nil else {
            throw AirtableID.isValid(id, prefix: "app") ? .modelNotFound : .notFound
        }
        guard await rateLimiter.admit(base: id) else { throw .rateLimited }
        return id
    }

    /// The table of a records request (`{base}`, `{table}`), after
    /// ``recordsBase(_:_:)``.
    func recordsTable(
        _ parameters: RouteParameters, _ request: SandboxRequest
    ) async throws(AirtableFailure) -> AirtableTable {
        let base = try await recordsBase(parameters["base"], request)
        guard let table = await store.table(base: base, parameters["table"]) else { throw .modelNotFound }
        return table
    }

    /// One record, as `GET …/{record}` answers it.
    static func record(
        _ id: String, in table: AirtableTable, _ request: SandboxRequest
    ) throws(AirtableFailure) -> SandboxResponse {
        guard let record = table.records[id] else { throw .notFound }
        let byID = request.query("returnFieldsByFieldId").map { $0 == "true" || $0 == "1" } ?? false
        let stringFormat = try AirtableStringFormat.requested(
            cellFormat: request.query("cellFormat"), timeZone: request.query("timeZone"),
            userLocale: request.query("userLocale"))
        return .json(
            200,
            AirtableCells.render(
                record, in: table, byFieldID: byID, stringFormat: stringFormat, computation: AirtableComputation()))
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
