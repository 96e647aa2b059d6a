/// Where a form that sends something is: one type for the lessons' forms
/// (a new post, a new message, a new project).
public enum SubmitState: Sendable, Hashable {
    /// The user is filling it in.
    case editing
    /// What the form describes is on its way: show a spinner, disable the
    /// button.
    case submitting
    /// It was accepted: dismiss the form.
    case submitted
    /// It was not; the form's `alert` and `error` say why, the fields keep
    /// what was typed, and editing them (or submitting again) goes on.
    case failed
}
