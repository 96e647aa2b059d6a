/// The JSON body of `POST …/{table}/listRecords`: the list parameters that
/// would not fit in a URL, with the same names and JSON types.
struct ListRecordsBody: Encodable, Sendable {
    var view: String?
    var fields: [String]?
    var filterByFormula: String?
    var sort: [AirtableSort]?
    var pageSize: Int?
    var maxRecords: Int?
    var cellFormat: AirtableQuery.CellFormat?
    var timeZone: String?
    var userLocale: String?
    var returnFieldsByFieldId: Bool?
    var recordMetadata: [AirtableQuery.RecordMetadata]?
    var offset: String?

    init(_ query: AirtableQuery, offset: String?) {
        view = query.view
        fields = query.fields
        filterByFormula = query.filterByFormula
        sort = query.sort.isEmpty ? nil : query.sort
        pageSize = query.pageSize
        maxRecords = query.maxRecords
        cellFormat = query.cellFormat
        timeZone = query.timeZone
        userLocale = query.userLocale
        returnFieldsByFieldId = query.returnFieldsByFieldID ? true : nil
        recordMetadata = query.recordMetadata.isEmpty ? nil : query.recordMetadata
        self.offset = offset
    }
}
