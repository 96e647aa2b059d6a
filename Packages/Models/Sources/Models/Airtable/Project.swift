import Foundation
import Networking

/// A row of the lesson's Airtable base ("Project tracker", table
/// `Design projects`): the `fields` of one record.
///
/// The field names are Airtable's, spaces and capitals included (see
/// ``CodingKeys``). Airtable leaves an empty field out of the JSON entirely:
/// an unchecked `Complete` box, a blank `Notes`, an empty list of `Tasks`.
/// So absent text reads as `""` or `nil`, absent lists as `[]` and an absent
/// checkbox as `false`, and encoding leaves the same things out again. A new
/// project for the lesson's POST therefore encodes as just
///
/// ```json
/// {"fields":{"Due date":"2024-01-31","Name":"Test"}}
/// ```
///
/// ```swift
/// let project = Project(name: "Test", dueDate: CalendarDate(datePicker.date, in: .current))
/// let body = AirtableNewRecord(fields: project)      // the lesson's ProjectWrapper
/// let projects = try Project.getProjects(from: data)  // the lesson's helper
/// ```
///
/// Because empty fields are omitted, a `PATCH` with a `Project` cannot
/// clear a field; replace the record (`PUT`) to do that, which clears every
/// field the body leaves out.
public struct Project: Sendable, Hashable, Codable {
    /// The project's name (`Name`, the primary field); `""` when blank.
    public var name: String
    /// When it is due (`Due date`), a calendar day.
    public var dueDate: CalendarDate?
    /// When it started (`Kickoff date`), a calendar day.
    public var kickoffDate: CalendarDate?
    /// The single-select `Category`, such as `Brand identity`.
    public var category: String?
    /// Whether the `Complete` box is checked.
    public var isComplete: Bool
    /// Free text (`Notes`).
    public var notes: String?
    /// Ids of the linked records in the `Clients` table (`Client`).
    public var clientIDs: [String]
    /// Ids of the linked records in the `Tasks` table (`Tasks`).
    public var taskIDs: [String]
    /// Who leads it (`Project lead`).
    public var projectLead: AirtableCollaborator?
    /// Who works on it (`Project team`).
    public var projectTeam: [AirtableCollaborator]
    /// Its pictures (`Project images`).
    public var projectImages: [AirtableAttachment]

    /// Airtable's field names, usable wherever the API takes a field name
    /// (`fields[]`, `sort[0][field]`, formulas).
    public enum CodingKeys: String, CodingKey, CaseIterable, Sendable {
        /// `Name`
        case name = "Name"
        /// `Due date`
        case dueDate = "Due date"
        /// `Kickoff date`
        case kickoffDate = "Kickoff date"
        /// `Category`
        case category = "Category"
        /// `Complete`
        case isComplete = "Complete"
        /// `Notes`
        case notes = "Notes"
        /// `Client`
        case clientIDs = "Client"
        /// `Tasks`
        case taskIDs = "Tasks"
        /// `Project lead`
        case projectLead = "Project lead"
        /// `Project team`
        case projectTeam = "Project team"
        /// `Project images`
        case projectImages = "Project images"
    }

    /// Creates a project; only the fields you pass are sent.
    public init(
        name: String,
        dueDate: CalendarDate? = nil,
        kickoffDate: CalendarDate? = nil,
        category: String? = nil,
        isComplete: Bool = false,
        notes: String? = nil,
        clientIDs: [String] = [],
        taskIDs: [String] = [],
        projectLead: AirtableCollaborator? = nil,
        projectTeam: [AirtableCollaborator] = [],
        projectImages: [AirtableAttachment] = []
    ) {
        self.name = name
        self.dueDate = dueDate
        self.kickoffDate = kickoffDate
        self.category = category
        self.isComplete = isComplete
        self.notes = notes
        self.clientIDs = clientIDs
        self.taskIDs = taskIDs
        self.projectLead = projectLead
        self.projectTeam = projectTeam
        self.projectImages = projectImages
    }

    /// Reads the fields, treating every absent one as empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
        dueDate = try container.decodeIfPresent(CalendarDate.self, forKey: .dueDate)
        kickoffDate = try container.decodeIfPresent(CalendarDate.self, forKey: .kickoffDate)
        category = try container.decodeIfPresent(String.self, forKey: .category)
        isComplete = try container.decodeIfPresent(Bool.self, forKey: .isComplete) ?? false
        notes = try container.decodeIfPresent(String.self, forKey: .notes)
        clientIDs = try container.decodeIfPresent([String].self, forKey: .clientIDs) ?? []
        taskIDs = try container.decodeIfPresent([String].self, forKey: .taskIDs) ?? []
        projectLead = try container.decodeIfPresent(AirtableCollaborator.self, forKey: .projectLead)
        projectTeam = try container.decodeIfPresent([AirtableCollaborator].self, forKey: .projectTeam) ?? []
        projectImages = try container.decodeIfPresent([AirtableAttachment].self, forKey: .projectImages) ?? []
    }

    /// Writes the fields that are not empty, as Airtable itself does.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if !name.isEmpty {
            try container.encode(name, forKey: .name)
        }
        try container.encodeIfPresent(dueDate, forKey: .dueDate)
        try container.encodeIfPresent(kickoffDate, forKey: .kickoffDate)
        try container.encodeIfPresent(category, forKey: .category)
        if isComplete {
            try container.encode(true, forKey: .isComplete)
        }
        try container.encodeIfPresent(notes, forKey: .notes)
        if !clientIDs.isEmpty {
            try container.encode(clientIDs, forKey: .clientIDs)
        }
        if !taskIDs.isEmpty {
            try container.encode(taskIDs, forKey: .taskIDs)
        }
        try container.encodeIfPresent(projectLead, forKey: .projectLead)
        if !projectTeam.isEmpty {
            try container.encode(projectTeam, forKey: .projectTeam)
        }
        if !projectImages.isEmpty {
            try container.encode(projectImages, forKey: .projectImages)
        }
    }

    /// The projects in a list-records response, in the server's order: the
    /// lesson's `Project.getProjects(from:)`.
    ///
    /// - Parameters:
    ///   - jsonData: The body of `GET /v0/{baseId}/Design%20projects`.
    ///   - decoder: Defaults to `JSONDecoder.airtable`.
    /// - Throws: ``/Networking/NetworkError/decodingFailed(_:)``, whose coding
    ///   path names the record and field that did not decode, such as
    ///   `records[3].fields.Due date`.
    public static func getProjects(from jsonData: Data, using decoder: JSONDecoder = .airtable) throws(NetworkError)
        -> [Project]
    {
        try ModelDecoding.decode([Project].self, from: jsonData) {
            try decoder.decode(AirtableRecordPage<Project>.self, from: $0).records.map(\.fields)
        }
    }
}
