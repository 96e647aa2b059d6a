import Foundation
import Networking
import SandboxCore

/// A field of a table; cells are stored by field id so a rename would not
/// touch the records.
struct AirtableField: Sendable {
    var id: String
    var name: String
    var type: AirtableFieldType
    var choices: [AirtableChoice] = []
    /// The metadata API's `options` for the type, select choices aside
    /// (``choices`` holds those): a formula's text, a rating's maximum, a
    /// currency's symbol, a link's table…
    var options: [String: JSON] = [:] {
        didSet { formula = Self.parsedFormula(type, options) }
    }
    /// The field's description, when it has one.
    var description: String?
    /// A formula field's formula, or a rollup's, parsed once.
    private(set) var formula: AirtableFormula?

    init(
        id: String, name: String, type: AirtableFieldType, choices: [AirtableChoice] = [],
        options: [String: JSON] = [:], description: String? = nil
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.choices = choices
        self.options = options
        self.description = description
        formula = Self.parsedFormula(type, options)
    }

    private static func parsedFormula(_ type: AirtableFieldType, _ options: [String: JSON]) -> AirtableFormula? {
        guard type == .formula || type == .rollup, let text = options["formula"]?.stringValue else { return nil }
        return AirtableFormula.parse(text)
    }

    func choiceIndex(_ name: String) -> Int? {
        choices.firstIndex { $0.name == name }
    }
}
