import Foundation
import Models
import Networking

extension AirtableClient {
    /// Lists one page of records: at most ``AirtableQuery/pageSize`` (100 by
    /// default), with the ``/Models/AirtableRecordPage/offset`` of the next page
    /// when there is one.
    ///
    /// The request is `GET …/{table}?…`, or `POST …/{table}/listRecords` with
    /// the parameters in a JSON body when the URL would be longer than
    /// ``Configuration/maximumURLLength`` (Airtable refuses URLs over 16,000
    /// characters, which a long `filterByFormula` soon reaches).
    ///
    /// ```swift
    /// let first = try await airtable.listRecords(AirtableQuery(pageSize: 10), as: Project.self)
    /// let second = try await airtable.listRecords(AirtableQuery(pageSize: 10), offset: first.offset, as: Project.self)
    /// ```
    public func listRecords<Fields: Decodable & Sendable>(
        _ query: AirtableQuery = AirtableQuery(),
        offset: String? = nil,
        as type: Fields.Type = Fields.self
    ) async throws(NetworkError) -> AirtableRecordPage<Fields> {
        try await http.send(listRequest(query, offset: offset, as: type))
    }

    /// Every page of the query, each fetched as the sequence is iterated,
    /// following `offset` until the last page.
    ///
    /// ```swift
    /// for try await page in airtable.pages(AirtableQuery(pageSize: 100), as: Project.self) {
    ///     show(page.records)
    /// }
    /// ```
    public func pages<Fields: Decodable & Sendable>(
        _ query: AirtableQuery = AirtableQuery(),
        as type: Fields.Type = Fields.self
    ) -> AirtablePages<Fields> {
        AirtablePages(client: self, query: query)
    }

    /// Every record the query matches, fetching page after page.
    ///
    /// ```swift
    /// let all = try await airtable.records(AirtableQuery(sort: [.ascending("Name")]), as: Project.self)
    /// ```
    public func records<Fields: Decodable & Sendable>(
        _ query: AirtableQuery = AirtableQuery(),
        as type: Fields.Type = Fields.self
    ) async throws(NetworkError) -> [AirtableRecord<Fields>] {
        var records: [AirtableRecord<Fields>] = []
        var iterator = pages(query, as: type).makeAsyncIterator()
        while let page = try await iterator.next() {
            records.append(contentsOf: page.records)
        }
        return records
    }

    /// The first record `formula` matches (in the view's or `query`'s
    /// order), or `nil`: one request with `maxRecords=1`, as pyairtable's
    /// `first(formula=…)`.
    ///
    /// ```swift
    /// let cubePad = try await airtable.first(matching: .match(["Name": "CubePad"]), as: Project.self)
    /// ```
    public func first<Fields: Decodable & Sendable>(
        matching formula: AirtableFormula,
        in query: AirtableQuery = AirtableQuery(),
        as type: Fields.Type = Fields.self
    ) async throws(NetworkError) -> AirtableRecord<Fields>? {
        var query = query
        query.filterByFormula = formula.text
        query.maxRecords = 1
        query.pageSize = nil
        return try await listRecords(query, as: type).records.first
    }

    /// Gets one record by id (`GET …/{table}/{recordId}`).
    ///
    /// - Throws: `NetworkError.notFound` when there is no such record.
    public func record<Fields: Decodable & Sendable>(
        id recordID: String,
        as type: Fields.Type = Fields.self
    ) async throws(NetworkError) -> AirtableRecord<Fields> {
        try await http.send(tableRequest(.get, record: recordID, as: AirtableRecord<Fields>.self))
    }

    /// The request for one page: a GET when its URL fits, else the POST.
    func listRequest<Fields: Decodable & Sendable>(
        _ query: AirtableQuery,
        offset: String?,
        as type: Fields.Type
    ) throws(NetworkError) -> NetworkRequest<AirtableRecordPage<Fields>> {
        let get = try tableRequest(.get, as: AirtableRecordPage<Fields>.self).query(query.queryItems(offset: offset))
        let url = try http.makeTransportRequest(get).url
        guard url.absoluteString.count > configuration.maximumURLLength else { return get }
        // A read, however it is sent: safe to retry after a lost connection.
        return try tableRequest(.post, record: "listRecords", as: AirtableRecordPage<Fields>.self)
            .jsonBody(ListRecordsBody(query, offset: offset))
            .idempotent()
    }
}
