/// An alert a screen wants shown, with the lesson's own title and message.
///
/// A screen holds at most one at a time; showing it is the UI's business
/// (a `UIAlertController`, a SwiftUI `.alert`, a line in a terminal).
public struct AlertViewModel: Sendable, Hashable, Codable {
    /// The title, such as `Server Error`.
    public var title: String
    /// The message, such as `We could not process your request. Please try again.`
    public var message: String

    /// Creates an alert.
    public init(title: String, message: String) {
        self.title = title
        self.message = message
    }
}
