import Foundation

extension BankeyClient {
    /// What a ``BankeyClient`` talks to: the server's URL, which `profile/…`
    /// is relative to. How requests travel (the transport, retries,
    /// timeout, observers) is the client's ``BankeyClient/http``, set there
    /// as on every client of this SDK.
    public struct Configuration: Sendable, Hashable {
        /// The lesson's server.
        public static let lesson = Configuration(baseURL: BankeyClient.lessonBaseURL)

        /// The URL `profile/…` is relative to. For the Sandbox:
        /// `Sandbox.baseURL` + `bankey/`.
        public var baseURL: URL

        /// Creates a configuration.
        public init(baseURL: URL) {
            self.baseURL = baseURL
        }
    }
}
