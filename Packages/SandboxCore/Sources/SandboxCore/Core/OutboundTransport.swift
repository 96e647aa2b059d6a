import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What carries the Sandbox's own calls out (Airtable's webhook pings and
/// attachment downloads): a transport alone, so no redirect is followed
/// (one could lead off this machine); at most 10 s of silence, ``deadline``
/// in all however steadily bytes come, and `maxBodySize` bytes of an
/// answer. Any failure is `nil`: the caller records it, nobody waits on it.
public struct OutboundTransport: Sendable {
    /// The longest one call may take.
    public static let deadline: Duration = .seconds(30)

    private let transport: URLSessionTransport

    /// A transport that reads at most `maxBodySize` bytes of an answer.
    public init(maxBodySize: Int) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        transport = URLSessionTransport(configuration: configuration, maxBodySize: maxBodySize)
    }

    /// The answer to `request`, or `nil` if there was none in time.
    public func send(_ request: TransportRequest) async -> TransportResponse? {
        try? await withDeadline(Self.deadline) { try? await transport.send(request) }
    }
}
