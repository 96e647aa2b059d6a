import Networking
import Observation

/// The submit state machine every form shares: refuse an incomplete form
/// with its alert, send once at a time, and end in
/// ``SubmitState/submitted`` or ``SubmitState/failed`` with the alert and
/// error a screen shows.
///
/// A form's view model owns one and reads ``state``, ``alert`` and
/// ``error`` through it; observing the view model observes these too.
@MainActor
@Observable
final class FormSubmission {
    /// Where the form is.
    private(set) var state: SubmitState = .editing
    /// The alert to show, if any.
    private(set) var alert: AlertViewModel?
    /// Why the last submission failed, when the network failed.
    private(set) var error: NetworkError?
    /// Sees every state the form passes through, for tests.
    @ObservationIgnored var stateObserver: ((SubmitState) -> Void)?

    /// Submits the form, unless a submission is under way.
    ///
    /// - Parameters:
    ///   - isComplete: Whether every field the form needs has text; if not,
    ///     nothing is sent and the alert is `incomplete`.
    ///   - incomplete: The alert for a form missing a field.
    ///   - failureAlert: The alert for a submission that failed.
    ///   - send: What the form sends.
    ///   - sent: Runs with what `send` returned, before the state is
    ///     ``SubmitState/submitted``.
    /// - Returns: Whether it was sent.
    func submit<Sent>(
        isComplete: Bool,
        incomplete: AlertViewModel,
        failureAlert: (NetworkError) -> AlertViewModel,
        send: () async throws(NetworkError) -> Sent,
        sent: (Sent) async -> Void
    ) async -> Bool {
        guard state != .submitting else { return false }
        guard isComplete else {
            error = nil
            alert = incomplete
            setState(.failed)
            return false
        }
        alert = nil
        setState(.submitting)
        do {
            let result = try await send()
            error = nil
            await sent(result)
            setState(.submitted)
            return true
        } catch {
            self.error = error
            alert = failureAlert(error)
            setState(.failed)
            return false
        }
    }

    /// Hides the alert; a failed form goes back to editing.
    func dismissAlert() {
        alert = nil
        if state == .failed {
            setState(.editing)
        }
    }

    private func setState(_ new: SubmitState) {
        state = new
        stateObserver?(new)
    }
}
