import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback port number held for the length of a test, so that a server
/// that is down stays down.
///
/// Learning a free port by binding and closing a socket, or stopping a server
/// and reusing its URL, leaves the number free: while the test goes on, any
/// other test's server started on port 0 may be handed the same number, and
/// "the server is down" meets a live server instead (seen on a busy machine).
/// A reservation is a socket bound to the port and never listening, kept
/// open until the body returns:
///
/// - a connection to the port is refused at once, as by a stopped server;
/// - the kernel hands the number to no other port-0 bind;
/// - because the socket sets `SO_REUSEADDR` and does not listen, a server
///   that also sets it (Hummingbird does by default) can still be started on
///   the number on purpose, as a restart test does, and stopped again
///   without the number ever being free.
package struct ReservedPort: Sendable {
    /// The port's number.
    package let port: Int

    /// `http://127.0.0.1:<port>`.
    package var baseURL: URL { LoopbackSocket.baseURL(port: port) }

    /// Runs `body` with a reserved port and releases it afterwards.
    @discardableResult
    package static func hold<Result>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: (ReservedPort) async throws -> Result
    ) async throws -> Result {
        let socket = try LoopbackSocket.make(reusingAddress: true)
        defer { close(socket.descriptor) }
        return try await body(ReservedPort(port: socket.port))
    }
}
