import Foundation

/// A stream of values whose only error is ``NetworkError``: what every
/// live stream of the SDK's clients returns (Firebase's `events` and
/// `values`, the post feed's `updates`, a board's `messageUpdates`).
///
/// `for try await` over it catches a typed `NetworkError`, as `send` throws
/// one:
///
/// ```swift
/// do {
///     for try await feed in await postFeed.updates() { render(feed) }
/// } catch {
///     show(error.description)  // error is a NetworkError
/// }
/// ```
///
/// Swift's `AsyncThrowingStream` can only fail with `any Error`; this
/// wraps one whose producer finishes with `NetworkError`s, and reads any
/// other error as ``NetworkError/transportFailed(_:)`` (a cancellation as
/// ``NetworkError/cancelled``).
public struct NetworkStream<Element: Sendable>: AsyncSequence, Sendable {
    /// The stream's one error type.
    public typealias Failure = NetworkError

    private let base: AsyncThrowingStream<Element, any Error>

    /// Wraps `base`, whose producer finishes with `NetworkError`s.
    public init(_ base: AsyncThrowingStream<Element, any Error>) {
        self.base = base
    }

    /// A stream and the continuation that feeds it, as
    /// `AsyncThrowingStream.makeStream` makes them.
    public static func makeStream(
        bufferingPolicy: AsyncThrowingStream<Element, any Error>.Continuation.BufferingPolicy = .unbounded
    ) -> (stream: NetworkStream, continuation: AsyncThrowingStream<Element, any Error>.Continuation) {
        let (base, continuation) = AsyncThrowingStream.makeStream(
            of: Element.self, throwing: (any Error).self, bufferingPolicy: bufferingPolicy)
        return (NetworkStream(base), continuation)
    }

    /// Reads the stream's values in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var base: AsyncThrowingStream<Element, any Error>.AsyncIterator

        init(_ base: AsyncThrowingStream<Element, any Error>.AsyncIterator) {
            self.base = base
        }

        /// The next value, or nil at the end of the stream.
        public mutating func next() async throws(NetworkError) -> Element? {
            do {
                return try await base.next()
            } catch {
                throw Self.mapped(error)
            }
        }

        /// The next value, or nil at the end of the stream, on `actor`.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(NetworkError) -> Element? {
            do {
                return try await base.next(isolation: actor)
            } catch {
                throw Self.mapped(error)
            }
        }

        private static func mapped(_ error: any Error) -> NetworkError {
            if let error = error as? NetworkError { return error }
            if error is CancellationError { return .cancelled }
            return .transportFailed(
                TransportFailure(
                    domain: String(describing: type(of: error)), code: 0,
                    message: Redactor().redact(text: String(describing: error)), underlying: error))
        }
    }

    /// An iterator over the stream.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base.makeAsyncIterator())
    }
}
