import AsyncHTTPClientTransport
import Networking

/// The SDK's two transports, for tests that run on each.
enum TestTransport: String, CaseIterable, Sendable {
    case urlSession, asyncHTTPClient

    var transport: any HTTPTransport {
        switch self {
        case .urlSession: URLSessionTransport.shared
        case .asyncHTTPClient: AsyncHTTPClientTransport()
        }
    }
}
