/// The `type` of an Airtable error body, such as `AUTHENTICATION_REQUIRED`.
///
/// Airtable adds types over time, so this is an open set of strings with the
/// documented ones as constants:
///
/// ```swift
/// if error.airtableError?.type == .rowDoesNotExist { … }
/// ```
public struct AirtableErrorType: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The type as Airtable writes it.
    public var rawValue: String

    /// Wraps a type string.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Wraps a type string literal.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// The type as Airtable writes it.
    public var description: String { rawValue }

    /// 401: the token is missing, wrong or revoked.
    public static let authenticationRequired: AirtableErrorType = "AUTHENTICATION_REQUIRED"
    /// 403: the token may not do this, or the base or table does not exist.
    public static let invalidPermissionsOrModelNotFound: AirtableErrorType = "INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND"
    /// 403: the token may not do this.
    public static let invalidPermissions: AirtableErrorType = "INVALID_PERMISSIONS"
    /// 404: no such route or record (the body is the bare `{"error":"NOT_FOUND"}`).
    public static let notFound: AirtableErrorType = "NOT_FOUND"
    /// 413: the request body is too large.
    public static let requestTooLarge: AirtableErrorType = "REQUEST_TOO_LARGE"
    /// 422: the request is malformed.
    public static let invalidRequestUnknown: AirtableErrorType = "INVALID_REQUEST_UNKNOWN"
    /// 422: a record batch is malformed or has more than 10 records.
    public static let invalidRecords: AirtableErrorType = "INVALID_RECORDS"
    /// 422: a field name does not exist in the table.
    public static let unknownFieldName: AirtableErrorType = "UNKNOWN_FIELD_NAME"
    /// 422: a value does not fit its field (try `typecast`).
    public static let invalidValueForColumn: AirtableErrorType = "INVALID_VALUE_FOR_COLUMN"
    /// 422: a select option does not exist (try `typecast`).
    public static let invalidMultipleChoiceOptions: AirtableErrorType = "INVALID_MULTIPLE_CHOICE_OPTIONS"
    /// 422: a record id does not exist in the table.
    public static let rowDoesNotExist: AirtableErrorType = "ROW_DOES_NOT_EXIST"
    /// 422: `filterByFormula` does not parse or names unknown fields.
    public static let invalidFilterByFormula: AirtableErrorType = "INVALID_FILTER_BY_FORMULA"
    /// 422: the `offset` cursor is not valid.
    public static let invalidOffsetValue: AirtableErrorType = "INVALID_OFFSET_VALUE"
    /// 422: the `offset` cursor expired; start again without one.
    public static let listRecordsIteratorNotAvailable: AirtableErrorType = "LIST_RECORDS_ITERATOR_NOT_AVAILABLE"
    /// 422: no view of that name or id.
    public static let viewNameNotFound: AirtableErrorType = "VIEW_NAME_NOT_FOUND"
    /// 429: more than 5 requests per second to the base.
    public static let rateLimitReached: AirtableErrorType = "RATE_LIMIT_REACHED"
}
