import AsyncHTTPClient
import Foundation
import NIOCore
import Networking
import Testing

@testable import AsyncHTTPClientTransport

@Suite("AsyncHTTPClient errors map to NetworkError")
struct ErrorMappingTests {
    let request = TransportRequest(method: .get, url: URL(string: "http://127.0.0.1:9/a.json?auth=secret")!)

    func map(_ error: any Error) -> NetworkError {
        AsyncHTTPClientTransport.networkError(for: error, request: request)
    }

    @Test("Timeouts, closed connections, cancellation and bad URLs")
    func mapping() {
        for timeout in [HTTPClientError.deadlineExceeded, .readTimeout, .connectTimeout] {
            guard case .timedOut = map(timeout) else {
                Issue.record("\(timeout) should be timedOut, is \(map(timeout))")
                continue
            }
        }
        guard case .connectionLost = map(HTTPClientError.remoteConnectionClosed) else {
            Issue.record("remoteConnectionClosed should be connectionLost")
            return
        }
        guard case .cancelled = map(CancellationError()) else {
            Issue.record("CancellationError should be cancelled")
            return
        }
        #expect(map(HTTPClientError.invalidURL).description == "Invalid URL: http://127.0.0.1:9/a.json?auth=REDACTED")
        guard case .cannotConnect(let host) = map(IOError(errnoCode: ECONNREFUSED, reason: "connect")) else {
            Issue.record("ECONNREFUSED should be cannotConnect")
            return
        }
        #expect(host == "127.0.0.1:9")
    }

    @Test("Anything else is a transport failure with secrets redacted")
    func other() {
        struct Odd: Error, CustomStringConvertible {
            var description: String { "odd failure for http://x.test/?auth=secret" }
        }
        guard case .transportFailed(let failure) = map(Odd()) else {
            Issue.record("expected transportFailed")
            return
        }
        #expect(failure.message == "odd failure for http://x.test/?auth=REDACTED")
    }
}
