#if AsyncHTTPClient
    import AsyncHTTPClient
    import Foundation
    import NIOCore
    import NIOFoundationCompat
    import Networking

    /// A streaming response's body as `Data` chunks, read on demand from
    /// AsyncHTTPClient's body (whose back-pressure then reaches the socket),
    /// with its errors mapped to ``Networking/NetworkError``.
    struct ResponseChunks: AsyncSequence, Sendable {
        typealias Element = Data

        let body: HTTPClientResponse.Body
        let request: TransportRequest

        struct AsyncIterator: AsyncIteratorProtocol {
            var base: HTTPClientResponse.Body.AsyncIterator
            let request: TransportRequest

            mutating func next() async throws -> Data? {
                do {
                    guard let buffer = try await base.next() else { return nil }
                    // The buffer's own storage, not a copy of it.
                    return buffer.getData(
                        at: buffer.readerIndex, length: buffer.readableBytes, byteTransferStrategy: .noCopy)
                        ?? Data(buffer.readableBytesView)
                } catch {
                    throw AsyncHTTPClientTransport.networkError(for: error, request: request)
                }
            }
        }

        func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(base: body.makeAsyncIterator(), request: request)
        }
    }
#endif
