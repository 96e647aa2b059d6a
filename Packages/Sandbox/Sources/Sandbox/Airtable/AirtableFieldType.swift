/// The field types the Airtable emulator knows, named as Airtable's
/// metadata API names them.
public enum AirtableFieldType: String, Sendable, CaseIterable {
    /// One line of text.
    case singleLineText
    /// Text with line breaks.
    case multilineText
    /// An email address, stored as text.
    case email
    /// A URL, stored as text.
    case url
    /// A phone number, stored as text.
    case phoneNumber
    /// A number.
    case number
    /// A date without a time, `YYYY-MM-DD`.
    case date
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
    /// Computed: when the record was created.
    case createdTime
    /// Computed: a number counting up per created record.
    case autoNumber

    /// Whether Airtable computes the value, so writes to it are refused.
    public var isComputed: Bool {
        self == .createdTime || self == .autoNumber
    }

    var isText: Bool {
        switch self {
        case .singleLineText, .multilineText, .email, .url, .phoneNumber: true
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
