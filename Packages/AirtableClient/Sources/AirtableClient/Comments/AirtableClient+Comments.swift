import Foundation
import Networking

extension AirtableClient {
    /// Every comment on a record, newest first, fetched page by page
    /// (`GET …/{record}/comments`, following `offset`).
    public func comments(onRecord recordID: String) async throws(NetworkError) -> [AirtableComment] {
        var comments: [AirtableComment] = []
        var offset: String?
        // Airtable keeps at most a few thousand comments a record; the bound
        // stops a server that hands out offsets forever.
        for _ in 0..<1_000 {
            var request = try commentsRequest(.get, record: recordID, as: CommentPage.self)
            if let offset { request = request.query("offset", offset) }
            let page = try await http.send(request)
            comments += page.comments
            guard let next = page.offset, !next.isEmpty else { return comments }
            offset = next
        }
        return comments
    }

    /// Adds a comment to a record; `@[usr…]` in `text` mentions a user.
    @discardableResult
    public func addComment(_ text: String, toRecord recordID: String, replyingTo parentCommentID: String? = nil)
        async throws(NetworkError) -> AirtableComment
    {
        try await http.send(
            commentsRequest(.post, record: recordID, as: AirtableComment.self)
                .jsonBody(CommentBody(text: text, parentCommentId: parentCommentID)))
    }

    /// Replaces the text of one of the caller's comments.
    @discardableResult
    public func updateComment(_ commentID: String, onRecord recordID: String, text: String)
        async throws(NetworkError) -> AirtableComment
    {
        try await http.send(
            commentsRequest(.patch, record: recordID, comment: commentID, as: AirtableComment.self)
                .jsonBody(CommentBody(text: text, parentCommentId: nil)))
    }

    /// Deletes one of the caller's comments.
    public func deleteComment(_ commentID: String, onRecord recordID: String) async throws(NetworkError) {
        _ = try await http.send(commentsRequest(.delete, record: recordID, comment: commentID, as: JSON.self))
    }

    private func commentsRequest<Value: Decodable>(
        _ method: HTTPMethod, record recordID: String, comment commentID: String? = nil, as type: Value.Type
    ) throws(NetworkError) -> NetworkRequest<Value> {
        var request = try tableRequest(method, record: recordID, as: type).appendingPathComponent("comments")
        if let commentID { request = request.appendingPathComponent(commentID) }
        return request
    }

    private struct CommentPage: Decodable {
        var comments: [AirtableComment]
        var offset: String?
    }

    private struct CommentBody: Encodable, Sendable {
        var text: String
        var parentCommentId: String?
    }
}
