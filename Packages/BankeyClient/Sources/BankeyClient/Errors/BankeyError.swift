import Foundation
import Networking

/// Why a Bankey fetch failed: the lesson's two kinds, with the full
/// `NetworkError` behind them.
///
/// The lesson's screen shows one alert for each kind, so ``kind`` is what a
/// view model switches on; ``underlying`` says exactly what happened, for
/// logs and tests. The course's own texts are these, odd as the second one
/// is (a decoding failure blames the connection); the ViewModels package's
/// `AccountSummaryViewModel.titleAndMessage(for:)` shows them as they are:
///
/// ```swift
/// catch let error {
///     switch error.kind {
///     case .serverError: showAlert("Server Error", "We could not process your request. Please try again.")
///     case .decodingError: showAlert("Network Error", "Ensure you are connected to the internet. Please try again.")
///     }
/// }
/// ```
public struct BankeyError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The lesson's two failure kinds.
    public enum Kind: Sendable, Hashable, CaseIterable {
        /// The server could not be reached, dropped the connection or
        /// answered an error status: the lesson's `serverError`.
        case serverError
        /// The server answered, but not with what was asked for: the
        /// lesson's `decodingError`.
        case decodingError
    }

    /// Which of the lesson's kinds this is.
    public var kind: Kind
    /// What happened, in detail.
    public var underlying: NetworkError

    /// Classifies a `NetworkError`: a decoding failure is
    /// ``Kind/decodingError``, anything else ``Kind/serverError``.
    public init(_ underlying: NetworkError) {
        self.underlying = underlying
        kind = underlying.isDecodingFailure ? .decodingError : .serverError
    }

    /// Whether the fetch was cancelled rather than failed; a screen shows no
    /// alert for it.
    public var isCancelled: Bool {
        if case .cancelled = underlying { return true }
        return false
    }

    /// The underlying error's one-line description.
    public var description: String {
        underlying.description
    }

    /// The same line, for `localizedDescription`.
    public var errorDescription: String? {
        description
    }
}

extension ServiceName {
    /// The Bankey server, as ``BankeyClient`` names it in its failures.
    public static let bankey = ServiceName("Bankey")
}

extension NetworkError {
    /// The error as the Bankey lesson reads it; `nil` for a failure another
    /// service sent. Errors with no response (a lost connection, a body
    /// that did not decode) are read as any fetch's.
    public var bankeyError: BankeyError? {
        if let service = failure?.service, service != .bankey { return nil }
        return BankeyError(self)
    }
}
