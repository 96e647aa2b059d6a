import FirebaseClient
import Foundation
import Networking
import Sandbox
import Testing

@Suite("Conditional writes with ETags")
struct ConditionalWriteTests {
    @Test("A write with the current ETag succeeds and returns the new one")
    func matchingETag() async throws {
        let database = try await TestDatabase.make()
        try await database.firebase.put(1, at: "likes")
        let tagged = try await database.firebase.getTagged("likes", as: Int.self)
        let etag = try #require(tagged.etag)
        #expect(tagged.value == 1)
        let result = try await database.firebase.put(tagged.value + 1, at: "likes", ifMatch: etag)
        #expect(result.etag != nil && result.etag != etag)
        #expect(try await database.firebase.get("likes", as: Int.self) == 2)
    }

    @Test("A stale ETag is a conflict carrying the current value and its ETag; nothing is written")
    func staleETag() async throws {
        let database = try await TestDatabase.make()
        try await database.firebase.put(1, at: "likes")
        let stale = try await database.firebase.getTagged("likes", as: Int.self)
        try await database.firebase.put(5, at: "likes")
        let etag = try #require(stale.etag)
        let error = await networkError { () async throws(NetworkError) in
            try await database.firebase.put(stale.value + 1, at: "likes", ifMatch: etag)
        }
        let conflict = try #require(error?.firebaseConflict)
        #expect(error?.status == 412)
        #expect(conflict.currentValue == 5)
        #expect(try conflict.currentValue(as: Int.self) == 5)
        let fresh = try await database.firebase.getTagged("likes", as: Int.self)
        #expect(conflict.etag == fresh.etag)
        #expect(try await database.firebase.get("likes", as: Int.self) == 5)
    }

    @Test("A conditional delete only removes what was read")
    func conditionalDelete() async throws {
        let database = try await TestDatabase.make()
        try await database.firebase.put("v1", at: "doc")
        let tagged = try await database.firebase.getTagged("doc", as: String.self)
        try await database.firebase.put("v2", at: "doc")
        await #expect(throws: NetworkError.self) {
            try await database.firebase.delete("doc", ifMatch: tagged.etag)
        }
        let current = try await database.firebase.getTagged("doc", as: String.self)
        try await database.firebase.delete("doc", ifMatch: current.etag)
        #expect(try await database.firebase.get("doc", as: String?.self) == nil)
    }

    @Test("Only a 412 reads as a Firebase conflict")
    func otherErrorsAreNotConflicts() {
        let failure = HTTPFailure(status: 409, method: .put, url: "http://x.test/a.json")
        #expect(NetworkError.conflict(failure).firebaseConflict == nil)
        #expect(NetworkError.timedOut.firebaseConflict == nil)
    }
}
