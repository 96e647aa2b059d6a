import Foundation
import Networking
import SandboxCore

/// An Airtable error answer: the status and the exact body the real service
/// sends, so clients written against api.airtable.com parse it unchanged.
///
/// Airtable uses two envelopes: `{"error":{"type","message"}}` for almost
/// everything, and the bare `{"error":"NOT_FOUND"}` for unknown routes and
/// records.
struct AirtableFailure: SandboxFailure, Sendable {
    let status: Int
    /// `nil` for the bare `{"error":"NOT_FOUND"}` form.
    let type: String?
    let message: String

    init(status: Int, type: String, message: String) {
        self.status = status
        self.type = type
        self.message = message
    }

    private init(status: Int, bare: String) {
        self.status = status
        type = nil
        message = bare
    }

    /// The body with Airtable's member order (`type` before `message`), so
    /// the bytes match the real service's and not just the JSON.
    var body: String {
        let text = { (value: String) in JSON.string(value).jsonText }
        guard let type else { return "{\"error\":\(text(message))}" }
        return "{\"error\":{\"type\":\(text(type)),\"message\":\(text(message))}}"
    }

    var response: SandboxResponse {
        .json(status, Data(body.utf8))
    }

    /// 401 for a missing, unknown or legacy credential alike: Airtable does
    /// not say which.
    static let authenticationRequired = AirtableFailure(
        status: 401, type: "AUTHENTICATION_REQUIRED", message: "Authentication required")

    /// Unknown routes, record ids and malformed base ids.
    static let notFound = AirtableFailure(status: 404, bare: "NOT_FOUND")

    /// Unknown tables and well-formed but unknown bases: with a personal
    /// access token Airtable cannot tell "no access" from "does not exist".
    static let modelNotFound = AirtableFailure(
        status: 403, type: "INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND",
        message:
            "Invalid permissions, or the requested model was not found. Check that both your user and your token have the required permissions, and that the model names and/or ids are correct."
    )

    /// Bodies that are not JSON objects and parameters of the wrong shape.
    static let invalidRequest = AirtableFailure(
        status: 422, type: "INVALID_REQUEST_UNKNOWN",
        message: "Invalid request: parameter validation failed. Check your request data.")

    /// A body that is not JSON at all. Airtable documents the status (400)
    /// but not the body; the type is the one it uses for other malformed
    /// requests.
    static let unparsableBody = AirtableFailure(
        status: 400, type: "INVALID_REQUEST_UNKNOWN",
        message: "Invalid request: the request body could not be parsed as JSON.")

    static let rateLimited = AirtableFailure(
        status: 429, type: "RATE_LIMIT_REACHED", message: "Rate limit exceeded. Please try again later")

    static let requestTooLarge = AirtableFailure(
        status: 413, type: "REQUEST_TOO_LARGE", message: "Request body is too large")

    static let storageFailed = AirtableFailure(
        status: 503, type: "RETRIABLE_ERROR",
        message: "Server encountered an error while processing your request, and it is safe to retry the request")

    static func missingFields(_ name: String) -> AirtableFailure {
        AirtableFailure(
            status: 422, type: "INVALID_REQUEST_MISSING_FIELDS",
            message: "Could not find field \"\(name)\" in the request body")
    }

    static func unknownField(_ name: String) -> AirtableFailure {
        AirtableFailure(status: 422, type: "UNKNOWN_FIELD_NAME", message: "Unknown field name: \"\(name)\"")
    }

    static func invalidValue(field: String) -> AirtableFailure {
        AirtableFailure(
            status: 422, type: "INVALID_VALUE_FOR_COLUMN",
            message: "Field \"\(field)\" cannot accept the provided value")
    }

    static func computedField(_ field: String) -> AirtableFailure {
        AirtableFailure(
            status: 422, type: "INVALID_VALUE_FOR_COLUMN",
            message: "Field \"\(field)\" cannot accept a value because the field is computed")
    }

    static let invalidRecordIDs = AirtableFailure(
        status: 422, type: "INVALID_VALUE_FOR_COLUMN", message: "Value is not an array of record IDs.")

    /// The doubled quotes are Airtable's own.
    static func newSelectOption(_ name: String) -> AirtableFailure {
        AirtableFailure(
            status: 422, type: "INVALID_MULTIPLE_CHOICE_OPTIONS",
            message: "Insufficient permissions to create new select option \"\"\(name)\"\"")
    }

    static func tooManyCreates(_ count: Int) -> AirtableFailure {
        AirtableFailure(
            status: 422, type: "INVALID_RECORDS",
            message: "A maximum of 10 records can be created per request but you have provided \(count).")
    }

    static let invalidCreateRecords = AirtableFailure(
        status: 422, type: "INVALID_RECORDS",
        message: "You must provide an array of up to 10 record objects, each with a \"fields\" object for cell values.")

    static let invalidUpdateRecords = AirtableFailure(
        status: 422, type: "INVALID_RECORDS",
        message:
            "You must provide an array of up to 10 record objects, each with an \"id\" ID field and a \"fields\" object for cell values."
    )

    static let invalidDeleteRecords = AirtableFailure(
        status: 422, type: "INVALID_RECORDS", message: "\"records\" must be an array of up to 10 record IDs.")

    static func rowDoesNotExist(_ id: String) -> AirtableFailure {
        AirtableFailure(
            status: 422, type: "ROW_DOES_NOT_EXIST", message: "Record ID \(id) does not exist in this table")
    }

    static func invalidOffset(_ offset: String) -> AirtableFailure {
        AirtableFailure(status: 422, type: "INVALID_OFFSET_VALUE", message: "The value of offset \(offset) is invalid")
    }

    /// A well-formed cursor whose listing changed under it.
    static let iteratorNotAvailable = AirtableFailure(
        status: 422, type: "LIST_RECORDS_ITERATOR_NOT_AVAILABLE",
        message: "The list records iterator is no longer available. Please start a new request without an offset.")

    static let invalidFormula = AirtableFailure(
        status: 422, type: "INVALID_FILTER_BY_FORMULA",
        message: "The formula for filtering records is invalid: Invalid formula. Please check your formula text.")

    static func unknownFormulaFields(_ names: [String]) -> AirtableFailure {
        AirtableFailure(
            status: 422, type: "INVALID_FILTER_BY_FORMULA",
            message:
                "The formula for filtering records is invalid: Unknown field names: \(names.joined(separator: ", "))")
    }

    static func unknownView(_ name: String) -> AirtableFailure {
        AirtableFailure(status: 422, type: "VIEW_NAME_NOT_FOUND", message: "Could not find view \"\(name)\"")
    }
}
