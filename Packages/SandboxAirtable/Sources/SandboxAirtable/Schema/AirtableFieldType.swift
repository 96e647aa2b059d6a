import SandboxCore

/// The field types of Airtable's field model, named as its metadata API
/// names them.
public enum AirtableFieldType: String, Sendable, CaseIterable {
    /// One line of text.
    case singleLineText
    /// Text with line breaks.
    case multilineText
    /// Text with Markdown formatting.
    case richText
    /// An email address, stored as text.
    case email
    /// A URL, stored as text.
    case url
    /// A phone number, stored as text.
    case phoneNumber
    /// A number.
    case number
    /// An amount of money, stored as a number.
    case currency
    /// A percentage, stored as a fraction (`0.5` is 50%).
    case percent
    /// A length of time, stored as seconds.
    case duration
    /// A whole number from 1 to the field's maximum (5 unless set).
    case rating
    /// A date without a time, `YYYY-MM-DD`.
    case date
    /// A date and time, ISO 8601 in UTC.
    case dateTime
    /// A checkbox; unchecked is absent from `fields`.
    case checkbox
    /// One option of a fixed list; `typecast` adds missing options.
    case singleSelect
    /// Several options of a fixed list.
    case multipleSelects
    /// Links to records of another table, as record ids.
    case multipleRecordLinks
    /// One collaborator, `{"id","email","name"}`.
    case singleCollaborator
    /// Several collaborators.
    case multipleCollaborators
    /// Files, `{"id","url","filename",…}`.
    case multipleAttachments
    /// A barcode, `{"text","type"}`.
    case barcode
    /// Computed: the value of the field's formula.
    case formula
    /// Computed: linked records' values combined.
    case rollup
    /// Computed: the number of linked records.
    case count
    /// Computed: a field of linked records.
    case multipleLookupValues
    /// Computed: when the record was created.
    case createdTime
    /// Computed: when the record was last changed.
    case lastModifiedTime
    /// Computed: who created the record.
    case createdBy
    /// Computed: who last changed the record.
    case lastModifiedBy
    /// Computed: a number counting up per created record.
    case autoNumber
    /// Computed: a button, `{"label","url"}`.
    case button
    /// Computed: the source of a synced record.
    case externalSyncSource
    /// Computed: text an AI wrote.
    case aiText

    /// Whether Airtable computes the value, so writes to it are refused.
    public var isComputed: Bool {
        switch self {
        case .formula, .rollup, .count, .multipleLookupValues, .createdTime, .lastModifiedTime, .createdBy,
            .lastModifiedBy, .autoNumber, .button, .externalSyncSource, .aiText:
            true
        default:
            false
        }
    }

    var isText: Bool {
        switch self {
        case .singleLineText, .multilineText, .richText, .email, .url, .phoneNumber: true
        default: false
        }
    }

    var isNumeric: Bool {
        switch self {
        case .number, .currency, .percent, .duration, .rating, .autoNumber, .count: true
        default: false
        }
    }
}

/// A field of a table created for tests with
/// ``AirtableEmulator/addTable(named:fields:records:inBase:)``.
public struct AirtableFieldDefinition: Sendable, Hashable {
    /// The field name, as requests and responses spell it.
    public var name: String
    /// The field type.
    public var type: AirtableFieldType
    /// The options of a select field, in order.
    public var choices: [String]

    /// Creates a field definition.
    public init(_ name: String, _ type: AirtableFieldType, choices: [String] = []) {
        self.name = name
        self.type = type
        self.choices = choices
    }
}

/// Why a test helper of ``AirtableEmulator`` refused its input.
public struct AirtableEmulatorError: Error, Sendable, CustomStringConvertible {
    /// What was wrong, in Airtable's words where it has them.
    public var description: String
}
