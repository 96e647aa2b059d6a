import Foundation
import Sandbox
import Testing

@testable import SandboxServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Throughput: concurrent writers over HTTP with durable commits")
struct ThroughputTests {
    @Test("32 concurrent writers × 100 POSTs, each committed to SQLite before its 200, all land with no 5xx")
    func concurrentDurablePosts() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("ThroughputTests-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // The handler writes through like an emulator: answer only once the
        // commit is durable.
        let storage = try SQLiteStorage(directory: directory.appendingPathComponent("writes"))
        let session = HTTP.session

        try await TestServers.with(SandboxServerOptions(dataDirectory: directory)) { request in
            do {
                try await storage.commit([.put(key: UUID().uuidString, value: request.body)], in: "posts")
                return .json(200, Data(#"{"name":"ok"}"#.utf8))
            } catch {
                return .json(500, Data(#"{"error":"storage"}"#.utf8))
            }
        } _: { server in
            let statuses = try await withThrowingTaskGroup(of: [Int].self) { group in
                for writer in 0..<32 {
                    group.addTask {
                        var statuses: [Int] = []
                        for index in 0..<100 {
                            let response = try await HTTP.send(
                                "POST", HTTP.url(server.baseURL, "/posts.json"),
                                body: Data(#"{"writer":\#(writer),"index":\#(index)}"#.utf8), session: session)
                            statuses.append(response.status)
                        }
                        return statuses
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(statuses.count == 3200)
            #expect(statuses.allSatisfy { $0 == 200 })
        }
        #expect(try await storage.load(namespace: "posts").count == 3200)
        await storage.close()
    }
}
