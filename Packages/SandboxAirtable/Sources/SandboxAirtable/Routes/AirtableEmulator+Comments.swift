import Foundation
import Networking
import SandboxCore

extension AirtableEmulator {
    /// The most comments a record may hold here.
    static let maxComments = 1_000

    /// `/v0/{base}/{table}/{record}/comments[/{comment}]`: list (newest
    /// first, pages of `pageSize` up to 100 with `offset`), create, update
    /// (the author's own) and delete. `@[usr…]` in a comment's text
    /// mentions a user the base knows, listed in `mentioned`.
    func comments(
        _ request: SandboxRequest, base: String, table: AirtableTable, record id: String, comment commentID: String?
    ) async throws(AirtableFailure) -> SandboxResponse {
        guard let record = table.records[id] else { throw .notFound }
        switch (request.httpMethod, commentID) {
        case (.get, nil):
            return .json(200, try Self.commentPage(record.comments.reversed(), request))
        case (.post, nil):
            let body = try Self.jsonBody(request)
            let text = try Self.commentText(body)
            let parent = body["parentCommentId"]?.stringValue
            let comment = try await store.write(base: base, table: table.id) { transaction throws(AirtableFailure) in
                guard var comments = transaction.record(id)?.comments else { throw .notFound }
                guard comments.count < Self.maxComments else { throw .invalidRequest }
                if let parent, !comments.contains(where: { $0["id"]?.stringValue == parent }) {
                    throw .invalidRequest
                }
                var comment: [String: JSON] = [
                    "id": .string(AirtableID.make("com")), "author": AirtableCells.sandboxUser,
                    "text": .string(text), "createdTime": .string(AirtableTimestamp.now()), "lastUpdatedTime": .null,
                    "mentioned": self.mentions(in: text), "reactions": [],
                ]
                if let parent { comment["parentCommentId"] = .string(parent) }
                comments.append(.object(comment))
                transaction.setComments(of: id, to: comments)
                return JSON.object(comment)
            }
            return .json(200, comment)
        case (.patch, let commentID?):
            let text = try Self.commentText(try Self.jsonBody(request))
            let comment = try await store.write(base: base, table: table.id) { transaction throws(AirtableFailure) in
                guard var comments = transaction.record(id)?.comments,
                    let index = comments.firstIndex(where: { $0["id"]?.stringValue == commentID }),
                    var comment = comments[index].objectValue
                else { throw .notFound }
                comment["text"] = .string(text)
                comment["mentioned"] = self.mentions(in: text)
                comment["lastUpdatedTime"] = .string(AirtableTimestamp.now())
                comments[index] = .object(comment)
                transaction.setComments(of: id, to: comments)
                return JSON.object(comment)
            }
            return .json(200, comment)
        case (.delete, let commentID?):
            try await store.write(base: base, table: table.id) { transaction throws(AirtableFailure) in
                guard var comments = transaction.record(id)?.comments,
                    let index = comments.firstIndex(where: { $0["id"]?.stringValue == commentID })
                else { throw .notFound }
                comments.remove(at: index)
                transaction.setComments(of: id, to: comments)
            }
            return .json(200, ["id": .string(commentID), "deleted": true])
        default:
            throw .notFound
        }
    }

    /// `{"text"}`: a string of at most 10,000 characters.
    private static func commentText(_ body: JSON) throws(AirtableFailure) -> String {
        guard let text = body["text"]?.stringValue else { throw .missingFields("text") }
        guard !text.isEmpty, text.utf16.count <= 10_000 else { throw .invalidRequest }
        return text
    }

    /// The users `@[usr…]` names in `text`, by id, as `mentioned` lists
    /// them; unknown ids are left out.
    func mentions(in text: String) -> JSON {
        var mentioned: [String: JSON] = [:]
        var rest = text[...]
        while let start = rest.range(of: "@["), let end = rest[start.upperBound...].firstIndex(of: "]") {
            let id = String(rest[start.upperBound..<end])
            rest = rest[rest.index(after: end)...]
            let user =
                id == AirtableCells.sandboxUser["id"]?.stringValue ? AirtableCells.sandboxUser : collaborators.byID(id)
            guard let user, mentioned.count < 100 else { continue }
            mentioned[id] = [
                "type": "user", "id": .string(id), "displayName": user["name"] ?? .string(id),
                "email": user["email"] ?? .null,
            ]
        }
        return .object(mentioned)
    }

    /// One page of comments: `pageSize` (1 to 100, default 100) from the
    /// one `offset` names (the id of the comment it starts at).
    private static func commentPage(_ comments: [JSON], _ request: SandboxRequest) throws(AirtableFailure) -> JSON {
        var size = 100
        if let text = request.query("pageSize") {
            guard let value = AirtableListParameters.wholeNumber(text), (1...100).contains(value) else {
                throw .invalidRequest
            }
            size = value
        }
        var start = 0
        if let offset = request.query("offset"), !offset.isEmpty {
            guard let index = comments.firstIndex(where: { $0["id"]?.stringValue == offset }) else {
                throw .invalidOffset(offset)
            }
            start = index
        }
        let end = min(start + size, comments.count)
        let page = Array(comments[start..<end])
        let next: JSON = end < comments.count ? comments[end]["id"] ?? .null : .null
        return ["comments": .array(page), "offset": next]
    }
}
