import Foundation
import GRDB
import Sandbox
import Testing

@testable import SandboxServer

@Suite("SQLiteStorage: durable rows by namespace and key")
struct SQLiteStorageTests {
    /// A fresh directory, removed afterwards.
    private static func withDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("SQLiteStorageTests-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await body(directory)
    }

    private static func data(_ text: String) -> Data { Data(text.utf8) }

    @Test("Commits apply in order and load back by namespace")
    func commitAndLoad() async throws {
        try await Self.withDirectory { directory in
            let storage = try SQLiteStorage(directory: directory)
            try await storage.commit(
                [
                    .put(key: "posts/a", value: Self.data("1")), .put(key: "posts/b", value: Self.data("2")),
                    .put(key: "posts/a", value: Self.data("3")), .delete(key: "posts/b"),
                    .delete(key: "missing"),
                ], in: "firebase/devmtn-post")
            try await storage.commit([.put(key: "rec1", value: Self.data("r"))], in: "airtable/app")
            #expect(try await storage.load(namespace: "firebase/devmtn-post") == ["posts/a": Self.data("3")])
            #expect(try await storage.load(namespace: "airtable/app") == ["rec1": Self.data("r")])
            #expect(try await storage.load(namespace: "nothing").isEmpty)
            await storage.close()
        }
    }

    @Test("deleteAll removes exactly the keys with the prefix")
    func prefixDelete() async throws {
        try await Self.withDirectory { directory in
            let storage = try SQLiteStorage(directory: directory)
            let keys = ["a", "a/", "a/b", "a/bc", "a/b/c", "a0", "a.", "b", "a/\u{10FFFF}", "a/é", "ab"]
            try await storage.commit(keys.map { .put(key: $0, value: Self.data($0)) }, in: "ns")
            try await storage.commit(keys.map { .put(key: $0, value: Self.data($0)) }, in: "other")
            try await storage.commit([.deleteAll(prefix: "a/")], in: "ns")
            #expect(try await Set(storage.load(namespace: "ns").keys) == ["a", "a0", "a.", "b", "ab"])
            try await storage.commit([.deleteAll(prefix: "")], in: "ns")
            #expect(try await storage.load(namespace: "ns").isEmpty)
            #expect(try await storage.load(namespace: "other").count == keys.count)
            await storage.close()
        }
    }

    @Test("Namespaces are listed by prefix, sorted")
    func namespaces() async throws {
        try await Self.withDirectory { directory in
            let storage = try SQLiteStorage(directory: directory)
            for namespace in ["firebase/lambda-message-board", "firebase/devmtn-post", "airtable/app", "firebase"] {
                try await storage.commit([.put(key: "k", value: Self.data("v"))], in: namespace)
            }
            #expect(
                try await storage.namespaces(withPrefix: "firebase/") == [
                    "firebase/devmtn-post", "firebase/lambda-message-board",
                ])
            #expect(try await storage.namespaces(withPrefix: "").count == 4)
            #expect(try await storage.namespaces(withPrefix: "bankey/").isEmpty)
            await storage.close()
        }
    }

    @Test("removeAll empties every namespace")
    func removeAll() async throws {
        try await Self.withDirectory { directory in
            let storage = try SQLiteStorage(directory: directory)
            try await storage.commit([.put(key: "k", value: Self.data("v"))], in: "one")
            try await storage.commit([.put(key: "k", value: Self.data("v"))], in: "two")
            try await storage.removeAll()
            #expect(try await storage.namespaces(withPrefix: "").isEmpty)
            await storage.close()
        }
    }

    @Test("Everything committed is there after closing and reopening")
    func survivesReopen() async throws {
        try await Self.withDirectory { directory in
            let first = try SQLiteStorage(directory: directory)
            let value = Data((0..<256).map { UInt8($0) })
            try await first.commit(
                [.put(key: "binary", value: value), .put(key: "é/ü", value: Self.data("x"))], in: "ns")
            await first.close()

            let second = try SQLiteStorage(directory: directory)
            #expect(try await second.load(namespace: "ns") == ["binary": value, "é/ü": Self.data("x")])
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("sandbox.sqlite").path))
            await second.close()
        }
    }

    @Test("The database is in WAL mode with synchronous FULL: a commit is fsynced before it returns")
    func durabilitySettings() async throws {
        try await Self.withDirectory { directory in
            let storage = try SQLiteStorage(directory: directory)
            await storage.close()
            // A connection of our own reads what the file and the storage's
            // connections use (journal mode is stored in the file).
            let queue = try DatabaseQueue(path: directory.appendingPathComponent("sandbox.sqlite").path)
            #expect(try await queue.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
            let reopened = try SQLiteStorage(directory: directory)
            #expect(try await reopened.synchronousSetting() == 2)
            await reopened.close()
        }
    }

    @Test("A second storage on the same directory is refused until the first closes")
    func exclusiveDirectory() async throws {
        try await Self.withDirectory { directory in
            let first = try SQLiteStorage(directory: directory)
            #expect(throws: SandboxServerError.dataDirectoryInUse(path: directory.path)) {
                _ = try SQLiteStorage(directory: directory)
            }
            await first.close()
            let second = try SQLiteStorage(directory: directory)
            await second.close()
        }
    }

    @Test("32 concurrent writers × 100 commits all land, sharing transactions")
    func concurrentCommits() async throws {
        try await Self.withDirectory { directory in
            let storage = try SQLiteStorage(directory: directory)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<32 {
                    group.addTask {
                        for index in 0..<100 {
                            try await storage.commit(
                                [.put(key: "w\(writer)/\(index)", value: Self.data("\(index)"))], in: "concurrency")
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await storage.load(namespace: "concurrency").count == 3200)
            #expect(storage.transactionCount < 3200)
            await storage.close()
        }
    }

    @Test("The sandbox restores its storage through the server's data directory")
    func serverUsesDataDirectory() async throws {
        try await Self.withDirectory { directory in
            let server = try await SandboxServer.start(SandboxServerOptions(dataDirectory: directory))
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("sandbox.sqlite").path))
            await #expect(throws: SandboxServerError.dataDirectoryInUse(path: directory.path)) {
                _ = try await SandboxServer.start(SandboxServerOptions(dataDirectory: directory))
            }
            await server.stop()
            let again = try await SandboxServer.start(SandboxServerOptions(dataDirectory: directory))
            await again.stop()
        }
    }

    @Test(
        "Prefix ranges bound exactly the strings with the prefix",
        arguments: [
            ("abc", "abd"), ("a/", "a0"), ("", nil), ("a\u{10FFFF}", "b"), ("\u{10FFFF}", nil),
            ("a\u{D7FF}", "a\u{E000}"), ("é", "ê"),
        ] as [(String, String?)])
    func prefixRanges(prefix: String, upperBound: String?) {
        let range = PrefixRange(prefix)
        #expect(range.lowerBound == prefix)
        #expect(range.upperBound == upperBound)
    }
}
