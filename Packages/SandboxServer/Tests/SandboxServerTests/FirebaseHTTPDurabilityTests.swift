import Foundation
import Networking
import Sandbox
import SandboxServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Firebase over HTTP: concurrent writers and durability")
struct FirebaseHTTPDurabilityTests {
    /// 32 writers, each POSTing 100 children to the same list at once;
    /// returns the push ids acknowledged and any other statuses.
    private static func postConcurrently(_ baseURL: URL) async -> (names: [String], failures: [Int]) {
        await withTaskGroup(of: (names: [String], failures: [Int]).self) { group in
            for writer in 0..<32 {
                group.addTask {
                    let session = HTTP.session
                    var result: (names: [String], failures: [Int]) = ([], [])
                    for index in 0..<100 {
                        do {
                            let response = try await FirebaseHTTP.send(
                                baseURL, "POST", "/posts.json", #"{"writer":\#(writer),"n":\#(index)}"#,
                                session: session)
                            if response.status == 200,
                                let name = try? JSON.parse(response.body)["name"]?.stringValue
                            {
                                result.names.append(name)
                            } else {
                                result.failures.append(response.status)
                            }
                        } catch {
                            result.failures.append(-1)
                        }
                    }
                    return result
                }
            }
            var all: (names: [String], failures: [Int]) = ([], [])
            for await result in group {
                all.names += result.names
                all.failures += result.failures
            }
            return all
        }
    }

    @Test("32 concurrent writers × 100 POSTs leave exactly 3,200 children, in memory")
    func concurrentPostsInMemory() async throws {
        try await FirebaseHTTP.withServer { server in
            let result = await Self.postConcurrently(server.baseURL)
            #expect(result.failures.isEmpty)
            #expect(Set(result.names).count == 3_200)
            let shallow = try await FirebaseHTTP.send(server.baseURL, "GET", "/posts.json?shallow=true")
            #expect(try JSON.parse(shallow.body).objectValue?.count == 3_200)
        }
    }

    @Test("The same with a data directory: 3,200 children, all there after a restart")
    func concurrentPostsDurable() async throws {
        let directory = FirebaseHTTP.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await FirebaseHTTP.withServer(FirebaseHTTP.options(dataDirectory: directory)) { server in
            let result = await Self.postConcurrently(server.baseURL)
            let children = try await server.sandbox.firebase.value(at: "posts").objectValue?.count
            #expect(children == 3_200)
            return result
        }
        #expect(result.failures.isEmpty)
        #expect(Set(result.names).count == 3_200)
        try await FirebaseHTTP.withServer(FirebaseHTTP.options(dataDirectory: directory)) { server in
            let posts = try #require(try await server.sandbox.firebase.value(at: "posts").objectValue)
            #expect(Set(posts.keys) == Set(result.names))
            let writers = Dictionary(grouping: posts.values) { $0["writer"]?.numberValue ?? -1 }
            #expect(writers.count == 32 && writers.values.allSatisfy { $0.count == 100 })
        }
    }

    @Test("Every acknowledged write survives SIGKILL of the sandbox process")
    func survivesKill() async throws {
        let directory = FirebaseHTTP.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try await SandboxProcess.launch(["--data-dir", directory.path])
        var acknowledged: [String: String] = [:]
        for index in 0..<50 {
            let response = try await FirebaseHTTP.send(
                first.baseURL, "POST", "/posts.json?ns=durable", #"{"n":\#(index),"text":"Post \#(index)"}"#)
            #expect(response.status == 200)
            if let name = try? JSON.parse(response.body)["name"]?.stringValue {
                acknowledged[name] = #"{"n":\#(index),"text":"Post \#(index)"}"#
            }
        }
        let put = try await FirebaseHTTP.send(first.baseURL, "PUT", "/settings.json?ns=durable", #"{"theme":"dark"}"#)
        let patch = try await FirebaseHTTP.send(
            first.baseURL, "PATCH", "/settings.json?ns=durable", #"{"size":14,"font/name":"Mono"}"#)
        let counter = try await FirebaseHTTP.send(
            first.baseURL, "PUT", "/counter.json?ns=durable", #"{".sv":{"increment":5}}"#)
        let removed = try #require(acknowledged.keys.min())
        let deleted = try await FirebaseHTTP.send(first.baseURL, "DELETE", "/posts/\(removed).json?ns=durable")
        acknowledged[removed] = nil
        #expect([put.status, patch.status, counter.status, deleted.status] == [Int](repeating: 200, count: 4))
        let seedDeleted = try await FirebaseHTTP.send(first.baseURL, "DELETE", "/posts.json?ns=devmtn-post")
        #expect(seedDeleted.status == 200)

        // No goodbye: the process dies right after the last acknowledgement.
        #expect(await first.kill() == SIGKILL)

        let restarted = try await SandboxProcess.launch(["--data-dir", directory.path])
        let posts = try await FirebaseHTTP.send(restarted.baseURL, "GET", "/posts.json?ns=durable")
        let stored = try #require(try JSON.parse(posts.body).objectValue)
        #expect(stored.count == 49)
        for (name, body) in acknowledged {
            #expect(stored[name] == (try JSON.parse(body)), "\(name)")
        }
        let settings = try await FirebaseHTTP.send(restarted.baseURL, "GET", "/settings.json?ns=durable")
        #expect(settings.text == #"{"font":{"name":"Mono"},"size":14,"theme":"dark"}"#)
        #expect(try await FirebaseHTTP.send(restarted.baseURL, "GET", "/counter.json?ns=durable").text == "5")
        // Deleted seed data stays deleted: the lessons' data is seeded once.
        #expect(try await FirebaseHTTP.send(restarted.baseURL, "GET", "/posts.json?ns=devmtn-post").text == "null")
        let thread = try await FirebaseHTTP.send(
            restarted.baseURL, "GET", "/.json?ns=lambda-message-board&shallow=true")
        #expect(thread.text == #"{"695398C4-498C-40A8-AA76-CB2B20DFD9FA":true}"#)
        await restarted.terminate()
    }
}
