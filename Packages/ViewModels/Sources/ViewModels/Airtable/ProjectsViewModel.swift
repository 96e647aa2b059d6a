import AirtableClient
import Models
import Networking
import Observation

/// The lesson's projects list: every project of `Design projects` as a row
/// of name and due date, fetched again each time the screen appears.
///
/// ```swift
/// let screen = ProjectsViewModel(client: airtable)
/// await screen.viewWillAppear()
/// screen.rows.first?.name   // "CMCA brand identity"
/// screen.alert?.title       // "Error Fetching Data" after a failure
/// ```
///
/// States: ``LoadState/idle`` → ``LoadState/loading`` → ``LoadState/loaded`` or
/// ``LoadState/failed``; fetching again once rows are shown is
/// ``LoadState/refreshing``, and keeps them on screen meanwhile.
@MainActor
@Observable
public final class ProjectsViewModel {

    /// The alert title for a failed fetch, as in the lesson.
    public static let errorAlertTitle = "Error Fetching Data"

    /// Where the screen is.
    public private(set) var state: LoadState = .idle
    /// The projects, in the table's order.
    public private(set) var projects: [Project] = []
    /// The alert to show, if any; a second failure does not replace it.
    public private(set) var alert: AlertViewModel?
    /// What went wrong last, in full.
    public private(set) var error: NetworkError?

    private let client: AirtableClient
    private var hasLoaded = false

    /// Creates the screen on a client for the lesson's base.
    public init(client: AirtableClient) {
        self.client = client
    }

    /// One row per project.
    public var rows: [ProjectCell.ViewModel] {
        projects.map { ProjectCell.ViewModel($0) }
    }

    /// Whether a fetch is running (for a spinner or refresh control).
    public var isFetching: Bool {
        state == .loading || state == .refreshing
    }

    /// The screen is about to appear: fetch the projects again, so one
    /// created on the next screen shows when the user comes back.
    public func viewWillAppear() async {
        await loadData()
    }

    /// Fetches every project. Does nothing while a fetch is running.
    public func loadData() async {
        guard !isFetching else { return }
        state = hasLoaded ? .refreshing : .loading
        do throws(NetworkError) {
            projects = try await client.getProjects()
            hasLoaded = true
            error = nil
            state = .loaded
        } catch {
            self.error = error
            if case .cancelled = error {
                state = hasLoaded ? .loaded : .idle
                return
            }
            if alert == nil {
                alert = AlertViewModel(title: Self.errorAlertTitle, message: error.description)
            }
            state = .failed
        }
    }

    /// The user closed the alert.
    public func dismissAlert() {
        alert = nil
    }
}
