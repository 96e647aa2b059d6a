import AirtableClient
import Foundation
import Models
import Networking
import Observation

/// The lesson's "create new project" form: a name, a category and a due
/// date; posting shows a spinner, success dismisses the screen, a failure
/// shows an alert and lets the user try again.
///
/// ```swift
/// let form = CreateProjectViewModel(client: airtable)
/// form.name = "Test"
/// form.category = "Brand identity"
/// form.dueDate = datePicker.date
/// await form.post()
/// if form.shouldDismiss { navigationController?.popViewController(animated: true) }
/// ```
///
/// The due date is the day the user picked *where they are*: the lesson
/// posted `date.description`'s UTC day, which in an evening west of
/// Greenwich is already tomorrow. ``dueDay`` is a `CalendarDate` in
/// ``timeZone``.
@MainActor
@Observable
public final class CreateProjectViewModel {

    /// The alert for a form with a blank field, as in the lesson.
    public static let invalidProjectAlert = AlertViewModel(
        title: "Invalid Post", message: "Ensure you have completed fields")
    /// The alert title for a failed post, as in the lesson.
    public static let postFailureAlertTitle = "Error posting new Project"

    /// The project's name.
    public var name = ""
    /// The project's category, such as `Brand identity`.
    public var category = ""
    /// The date picked; only its day in ``timeZone`` is posted.
    public var dueDate: Date
    /// The user's time zone, in which ``dueDate`` names a day.
    public let timeZone: TimeZone

    /// Where the form is.
    public private(set) var state: SubmitState = .editing
    /// The alert to show, if any; a second one never replaces it.
    public private(set) var alert: AlertViewModel?
    /// What the last post failed with, in full.
    public private(set) var error: NetworkError?
    /// The record Airtable created, with its id, once posted.
    public private(set) var createdRecord: AirtableRecord<Project>?

    private let client: AirtableClient

    /// Creates the form.
    ///
    /// - Parameters:
    ///   - client: A client for the lesson's base.
    ///   - dueDate: The picker's starting date; now by default.
    ///   - timeZone: The user's zone; `.current` by default.
    public init(client: AirtableClient, dueDate: Date = Date(), timeZone: TimeZone = .current) {
        self.client = client
        self.dueDate = dueDate
        self.timeZone = timeZone
    }

    /// The day ``dueDate`` falls on in ``timeZone``: what is posted.
    public var dueDay: CalendarDate {
        CalendarDate(dueDate, in: timeZone)
    }

    /// Whether to show the spinner instead of the post button.
    public var isPosting: Bool {
        state == .submitting
    }

    /// Whether the screen should go away: the project was created.
    public var shouldDismiss: Bool {
        state == .submitted
    }

    /// The project the fields describe, or `nil` when the name or the
    /// category is blank: the lesson's `createProjectFromFields()`.
    public var project: Project? {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        let category = category.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, !category.isEmpty else { return nil }
        return Project(name: name, dueDate: dueDay, category: category)
    }

    /// Posts the project: an ``invalidProjectAlert`` for blank fields, else
    /// ``SubmitState/submitting`` until Airtable answers. Does nothing while posting
    /// or once posted, so a double tap cannot create two projects.
    public func post() async {
        guard state == .editing || state == .failed else { return }
        guard let project = self.project else {
            show(Self.invalidProjectAlert)
            return
        }
        state = .submitting
        do throws(NetworkError) {
            createdRecord = try await client.post(project)
            error = nil
            state = .submitted
        } catch {
            self.error = error
            if case .cancelled = error {
                state = .editing
                return
            }
            show(AlertViewModel(title: Self.postFailureAlertTitle, message: error.description))
            state = .failed
        }
    }

    /// The user closed the alert.
    public func dismissAlert() {
        alert = nil
    }

    private func show(_ newAlert: AlertViewModel) {
        if alert == nil {
            alert = newAlert
        }
    }
}
