import Models

/// The lesson's `projectCell` (a subtitle cell), as a namespace for its
/// ``ViewModel``.
public enum ProjectCell {
    /// What one project row shows: the name, and the due date below it.
    ///
    /// ```swift
    /// let row = ProjectCell.ViewModel(Project(name: "CubePad", dueDate: CalendarDate("2020-11-07")))
    /// row.name     // "CubePad"
    /// row.dueDate  // "2020-11-07"
    /// ```
    public struct ViewModel: Sendable, Hashable {
        /// The project's name (the cell's text).
        public var name: String
        /// The due day as `yyyy-MM-dd` (the cell's detail text), or `""`
        /// when the project has none.
        public var dueDate: String
        /// The category, such as `Brand identity`, or `""` when it has none.
        public var category: String

        /// Creates a row from its texts.
        public init(name: String, dueDate: String, category: String = "") {
            self.name = name
            self.dueDate = dueDate
            self.category = category
        }

        /// The row for a project. The due day is shown exactly as Airtable
        /// stores it: a calendar day has no time zone to shift it.
        public init(_ project: Project) {
            self.init(
                name: project.name, dueDate: project.dueDate?.description ?? "", category: project.category ?? "")
        }
    }
}
