import Models
import Networking

/// The pages of a list request, fetched one at a time as they are iterated,
/// following each page's `offset` until the last.
///
/// Made by ``AirtableClient/pages(_:as:)``. Iterating again starts again
/// from the first page. Breaking out of the loop stops the requests.
public struct AirtablePages<Fields: Decodable & Sendable>: AsyncSequence, Sendable {
    /// One page of records.
    public typealias Element = AirtableRecordPage<Fields>

    let client: AirtableClient
    let query: AirtableQuery

    /// Starts at the first page.
    public func makeAsyncIterator() -> Iterator {
        Iterator(client: client, query: query)
    }

    /// Fetches the next page on each call to ``next()``.
    public struct Iterator: AsyncIteratorProtocol {
        let client: AirtableClient
        let query: AirtableQuery
        var offset: String?
        var isFinished = false

        init(client: AirtableClient, query: AirtableQuery) {
            self.client = client
            self.query = query
        }

        /// The next page, or `nil` after the last one.
        ///
        /// - Throws: The request's `NetworkError`. A server that hands back
        ///   the offset it was given would loop forever, so that is a
        ///   decoding failure naming `offset`.
        public mutating func next() async throws(NetworkError) -> AirtableRecordPage<Fields>? {
            guard !isFinished else { return nil }
            let page = try await client.listRecords(query, offset: offset, as: Fields.self)
            guard let next = page.offset, !next.isEmpty else {
                isFinished = true
                return page
            }
            if next == offset {
                isFinished = true
                throw .decodingFailed(
                    DecodingFailure(
                        typeName: String(describing: AirtableRecordPage<Fields>.self),
                        codingPath: "offset",
                        reason: "the server answered the same offset it was given, \"\(next)\"",
                        bodyExcerpt: ""
                    )
                )
            }
            offset = next
            return page
        }
    }
}
