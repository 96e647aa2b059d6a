import Foundation
import Networking
import SandboxCore

/// The Airtable Web API, emulated: `/v0/{baseId}/{tableIdOrName}` with the
/// lesson's base `appIBfoNbzEaA72c2` and its table `Design projects` (also
/// addressed as `tblDesignProjects`), seeded with the lesson's 16 records.
///
/// It answers like api.airtable.com, errors included: Bearer tokens (the
/// legacy `?api_key=` only with ``Configuration/acceptsLegacyAPIKey``),
/// pages of at most 100 records with `itr…/rec…` offsets, `fields[]`,
/// `sort`, `view`, `maxRecords`, `filterByFormula` in Airtable's formula
/// language (every function of its formula reference: text, logical,
/// numeric, date and time with time zones, regular expressions, arrays and
/// records, with its operators, coercions and error values), `POST
/// …/listRecords`, creates of up to 10 records, `typecast`, PATCH/PUT
/// updates and upserts, deletes, every documented field type (formula,
/// lookup, count and rollup fields computed, computed types refusing
/// writes), the metadata API (bases, tables and fields: list, create,
/// update), record comments,
/// `uploadAttachment`, webhooks (payloads with their cursor, pings signed
/// with `X-Airtable-Content-MAC`), 5 requests per second per base, 413 for
/// large bodies, and Airtable's `{"error":{"type","message"}}` bodies.
/// ``Configuration/bases`` loads bases of one's own from schema files.
///
/// Where it knowingly differs from the real service: formulas and
/// `cellFormat=string` name months and days in a locale from the
/// platform's locale data rather than Moment.js's (`LLLL` in Spanish
/// matches Airtable's; other locales' long formats may differ in a comma,
/// ordinals `Do` are English, and parsing reads English names), their
/// regular expressions are the common core of RE2 (no `\b`, lazy
/// quantifiers or named groups; a pattern outside it is `#ERROR!`),
/// `LAST_MODIFIED_TIME()` is one time per record (when any cell last
/// changed), and a request's formulas
/// share a budget of work (with computed fields and sorting) past which
/// they give `#ERROR!`; a circular reference among computed fields, which
/// Airtable refuses when the schema is made, is `#ERROR!` (or empty);
/// `cellFormat=string` follows the field options as the web app shows
/// them; `typecast` links
/// existing records by name but does not create missing ones; uploads are
/// bounded by ``Configuration/maxBodySize`` rather than 5 MB; webhooks live
/// in memory (a Sandbox export carries them) and ping only this machine unless
/// ``Configuration/allowsRemoteWebhooks``; offsets are stateless (they survive a
/// restart, and expire only when the record they point at leaves the
/// listing or the query changes); linked record ids
/// are checked for shape only; new attachments given by URL are downloaded
/// (gaining `size`, `type`, and `width` and `height` for images) only from
/// this machine, keep their URL rather than a copy's, and get no
/// `thumbnails`; a refused request is not followed by a 30-second penalty.
///
/// ```swift
/// let sandbox = try await Sandbox()
/// var request = SandboxRequest("GET", "/v0/appIBfoNbzEaA72c2/Design%20projects?pageSize=5")
/// request.headers["Authorization"] = "Bearer \(AirtableEmulator.Configuration.defaultToken)"
/// let page = await sandbox.respond(to: request)
/// ```
public final class AirtableEmulator: SandboxService {
    /// The emulator's settings.
    public struct Configuration: Sendable {
        /// The token every sandbox accepts unless told otherwise; printed at start.
        public static let defaultToken =
            "patSandbox0000000.0000000000000000000000000000000000000000000000000000000000000000"

        /// The personal access tokens accepted as `Authorization: Bearer`.
        public var tokens: Set<String>
        /// Whether the legacy `?api_key=` (retired by Airtable on 2024-02-01)
        /// is still accepted, with any of ``tokens`` as the key.
        public var acceptsLegacyAPIKey: Bool
        /// Whether more than 5 requests per second per base get a 429.
        public var rateLimitEnabled: Bool
        /// The window the 5-request limit counts over: a second, as Airtable
        /// documents. Tests that count to the sixth request widen it, so a
        /// slow machine cannot spread six requests over two windows.
        public var rateLimitWindow: Duration
        /// The largest accepted request body, in bytes.
        public var maxBodySize: Int
        /// Whether an empty sandbox gets the lesson's base.
        public var seedsLessonData: Bool
        /// Bases to load at start, each the text of a schema file in the
        /// metadata API's own JSON: `{"id": "app…", "name", "tables": [{"id",
        /// "name", "primaryFieldId", "fields": [{"id", "name", "type",
        /// "options"}], "views": [{"id", "name"}], "records": [{"id",
        /// "fields"}]}]}`. Ids are kept (made up, the same on every load,
        /// where the file leaves them out), and a file's base replaces a
        /// stored base of the same id, so each start begins from the file.
        public var bases: [String] = []
        /// Whether webhook notifications may be sent to hosts other than
        /// this machine (off: a sandbox never calls out to the network
        /// unless told to).
        public var allowsRemoteWebhooks = false

        /// Creates settings; the defaults behave like today's Airtable.
        public init(
            tokens: Set<String> = [Configuration.defaultToken],
            acceptsLegacyAPIKey: Bool = false,
            rateLimitEnabled: Bool = true,
            rateLimitWindow: Duration = .seconds(1),
            maxBodySize: Int = 2 << 20,
            seedsLessonData: Bool = true
        ) {
            self.tokens = tokens
            self.acceptsLegacyAPIKey = acceptsLegacyAPIKey
            self.rateLimitEnabled = rateLimitEnabled
            self.rateLimitWindow = rateLimitWindow
            self.maxBodySize = maxBodySize
            self.seedsLessonData = seedsLessonData
        }
    }

    /// The lesson's base id, `appIBfoNbzEaA72c2`.
    public static let lessonBaseID = AirtableLessonSeed.baseID
    /// The lesson's table, `Design projects`.
    public static let lessonTableName = AirtableLessonSeed.tableName
    /// The id that also addresses the lesson's table, `tblDesignProjects`.
    public static let lessonTableID = AirtableLessonSeed.tableID

    /// The settings it was created with.
    public let configuration: Configuration

    let store: AirtableStore
    let rateLimiter: AirtableRateLimiter
    let authenticator: AirtableAuthenticator
    let collaborators: AirtableCollaborators
    let webhookRegistry: AirtableWebhooks

    /// `airtable`.
    public var name: String { "airtable" }

    /// Creates the emulator, restoring its bases from `storage` and adding
    /// the lesson's base the first time (once: a marker in storage
    /// remembers it was seeded, so deleted records stay deleted).
    public init(configuration: Configuration, storage: (any SandboxStorage)?) async throws {
        self.configuration = configuration
        authenticator = AirtableAuthenticator(
            tokens: configuration.tokens, acceptsLegacyAPIKey: configuration.acceptsLegacyAPIKey)
        store = AirtableStore(storage: storage)
        rateLimiter = AirtableRateLimiter(
            window: configuration.rateLimitWindow, isEnabled: configuration.rateLimitEnabled)
        let webhookRegistry = AirtableWebhooks(allowsRemoteNotifications: configuration.allowsRemoteWebhooks)
        self.webhookRegistry = webhookRegistry
        let attachmentFetcher = AirtableAttachmentFetcher(store: store)
        await store.observeChanges { base, before, after, touched in
            await webhookRegistry.record(base: base, before: before, after: after, touched: touched, at: Date())
            await attachmentFetcher.consider(base: base, before: before, after: after, touched: touched)
        }
        let fixture = try AirtableLessonSeed.fixtureRecords()
        collaborators = AirtableLessonSeed.collaborators(in: fixture)
        try await store.restore()
        if configuration.seedsLessonData {
            try await store.seedIfNeeded(AirtableLessonSeed.base(from: fixture))
        }
        for (index, text) in configuration.bases.enumerated() {
            let base: AirtableBase
            do throws(AirtableFailure) {
                guard let value = try? JSON.parse(Data(text.utf8), maxDepth: 64) else {
                    throw AirtableSchemaCodec.schemaError("The file is not JSON.")
                }
                base = try AirtableSchemaCodec.base(value, collaborators: collaborators)
            } catch {
                throw AirtableEmulatorError(description: "Airtable base \(index + 1): \(error.message)")
            }
            try await store.add(base)
        }
    }

    /// Paths under `/v0/`.
    public var mounts: [PathPattern] { ["/v0/{rest...}"] }

    /// Answers a request the way api.airtable.com does.
    public func respond(to request: SandboxRequest) async -> SandboxResponse {
        do throws(AirtableFailure) {
            return try await route(request)
        } catch {
            return error.response
        }
    }

    /// Whether more than 5 requests per second per base get a 429 now:
    /// ``Configuration/rateLimitEnabled`` until switched.
    public var isRateLimitEnabled: Bool {
        get async { await rateLimiter.isEnabled }
    }

    /// Turns the 5-requests-a-second limit on or off while the sandbox
    /// runs, as the console's switch and `PUT /__sandbox/airtable/rate-limit` do.
    public func setRateLimitEnabled(_ enabled: Bool) async {
        await rateLimiter.setEnabled(enabled)
    }

    // MARK: - Test support

    /// Adds a table to a base (creating the base when it does not exist),
    /// with records given as `fields` objects keyed by field name, checked
    /// as a create without `typecast` would check them. Stored like any
    /// write. Returns the new table's id.
    ///
    /// Tests use it for data the lesson's table does not have, such as 250
    /// records to page through:
    ///
    /// ```swift
    /// let rows = (1...250).map { JSON.object(["Name": .string("Row \($0)"), "Rank": .number(Double($0))]) }
    /// let id = try await sandbox.airtable.addTable(
    ///     named: "Big", fields: [.init("Name", .singleLineText), .init("Rank", .number)], records: rows)
    /// ```
    @discardableResult
    public func addTable(
        named name: String,
        fields: [AirtableFieldDefinition],
        records: [JSON] = [],
        inBase baseID: String = AirtableEmulator.lessonBaseID
    ) async throws -> String {
        guard !fields.isEmpty, Set(fields.map(\.name)).count == fields.count else {
            throw AirtableEmulatorError(description: "A table needs at least one field and distinct field names.")
        }
        if let base = await store.base(baseID), base.tableIndex(name) != nil {
            throw AirtableEmulatorError(description: "The base already has a table named \"\(name)\".")
        }
        var id = AirtableID.make("tbl")
        while await store.table(base: baseID, id) != nil {
            id = AirtableID.make("tbl")
        }
        var transaction = AirtableTableTransaction(
            AirtableLessonSeed.makeTable(id: id, name: name, definitions: fields))
        let writer = AirtableCellWriter(typecast: false, collaborators: collaborators)
        do throws(AirtableFailure) {
            for record in records {
                guard let input = record.objectValue else { throw AirtableFailure.invalidCreateRecords }
                var cells: [String: JSON] = [:]
                try writer.apply(input, to: &cells, existing: [:], in: &transaction)
                _ = transaction.insert(cells: cells)
            }
        } catch {
            throw AirtableEmulatorError(description: error.body)
        }
        try await store.addTable(transaction.table, toBase: baseID)
        return id
    }

    /// The number of records in a table, or `nil` when there is no such
    /// table; for tests that check nothing was lost or duplicated.
    public func recordCount(
        inTable tableIDOrName: String, base baseID: String = AirtableEmulator.lessonBaseID
    ) async -> Int? {
        await store.table(base: baseID, tableIDOrName)?.records.count
    }
}

extension AirtableEmulator {
    /// Sets who is told of each webhook notification ping the emulator
    /// sends, with its answer: the Sandbox puts them in its request log.
    public func observeWebhookDeliveries(_ observer: @escaping @Sendable (RecordedRequest) async -> Void) async {
        await webhookRegistry.observeDeliveries(observer)
    }
}
