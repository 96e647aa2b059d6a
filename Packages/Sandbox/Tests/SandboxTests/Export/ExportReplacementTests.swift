import Foundation
import Networking
import Testing

@testable import Sandbox

/// An export never loses data: into a folder that holds one, it replaces it
/// whole; when it fails, the one that was there stays as it was.
@Suite("Exports that replace a folder, and exports that fail")
struct ExportReplacementTests {
    private static func value(_ sandbox: Sandbox) async -> String {
        await SandboxExportTests.admin(sandbox, "GET", "/note.json?ns=replaced").bodyText
    }

    private static func write(_ text: String, to sandbox: Sandbox) async {
        #expect(await SandboxExportTests.admin(sandbox, "PUT", "/note.json?ns=replaced", "\"\(text)\"").status == 200)
    }

    /// What an export in `folder` holds, read into a fresh Sandbox.
    private static func imported(from folder: URL) async throws -> String {
        let fresh = try await Sandbox()
        try await SandboxExport(folder: folder).read(into: fresh)
        return await value(fresh)
    }

    /// The folders an export left beside `folder`: none once it is done.
    private static func leftovers(beside folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.deletingLastPathComponent().path)
            .filter { $0.hasPrefix(".\(folder.lastPathComponent).") }
    }

    /// A parent folder of one test's exports.
    private static func parent() throws -> URL {
        let parent = SandboxExportTests.temporaryFolder()
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        return parent
    }

    @Test("A second export to the same folder replaces the first whole, and leaves nothing beside it")
    func exportTwice() async throws {
        let parent = try Self.parent()
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = parent.appending(path: "data")
        let sandbox = try await Sandbox()
        await Self.write("first", to: sandbox)
        try await SandboxExport(folder: folder).write(sandbox)
        await Self.write("second", to: sandbox)
        _ = await SandboxExportTests.admin(sandbox, "PUT", "/other.json?ns=later", "true")
        try await SandboxExport(folder: folder).write(sandbox)

        #expect(try await Self.imported(from: folder) == "\"second\"")
        #expect(FileManager.default.fileExists(atPath: folder.appending(path: "database_export/later.json").path))
        #expect(try Self.leftovers(beside: folder) == [])
    }

    @Test("An import and an export of one folder, the Firebase CLI's workflow, keeps the session's writes")
    func importThenExportSameFolder() async throws {
        let parent = try Self.parent()
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = parent.appending(path: "data")
        let first = try await Sandbox()
        await Self.write("before", to: first)
        try await SandboxExport(folder: folder).write(first)

        let session = try await Sandbox()
        try await SandboxExport(folder: folder).read(into: session)
        #expect(await Self.value(session) == "\"before\"")
        await Self.write("during the session", to: session)
        try await SandboxExport(folder: folder).write(session)
        #expect(try await Self.imported(from: folder) == "\"during the session\"")
    }

    @Test("An export that cannot replace the folder fails clearly and keeps the export that was there")
    func failureKeepsThePreviousExport() async throws {
        let parent = try Self.parent()
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = parent.appending(path: "data")
        let sandbox = try await Sandbox()
        await Self.write("kept", to: sandbox)
        try await SandboxExport(folder: folder).write(sandbox)
        await Self.write("not saved", to: sandbox)

        let locked = try ReadOnlyFolder(folder)
        let failure = await #expect(throws: SandboxExport.Failure.self) {
            try await SandboxExport(folder: folder).write(sandbox)
        }
        locked.unlock()
        let description = try #require(failure?.description)
        #expect(description.contains(folder.path), "\(description)")
        #expect(!description.contains("NSCocoaErrorDomain") && !description.contains("Code="), "\(description)")
        #expect(try await Self.imported(from: folder) == "\"kept\"")
        #expect(try Self.leftovers(beside: folder) == [])
    }

    @Test("An export under a file is refused before anything is written, naming the folder")
    func exportUnderAFile() async throws {
        let parent = try Self.parent()
        defer { try? FileManager.default.removeItem(at: parent) }
        let file = parent.appending(path: "a-file")
        try Data("not a folder".utf8).write(to: file)
        let failure = await #expect(throws: SandboxExport.Failure.self) {
            try await SandboxExport(folder: file.appending(path: "data")).write(try await Sandbox())
        }
        let description = try #require(failure?.description)
        #expect(description.hasPrefix("cannot write the export beside \(file.appending(path: "data").path): "))
        #expect(try Data(contentsOf: file) == Data("not a folder".utf8))

        let replacingFile = await #expect(throws: SandboxExport.Failure.self) {
            try await SandboxExport(folder: file).write(try await Sandbox())
        }
        #expect(replacingFile?.description == "\(file.path) is a file, not an export folder")
        #expect(try Data(contentsOf: file) == Data("not a folder".utf8))
        #expect(try Self.leftovers(beside: file) == [])
    }
}

/// A folder no export can replace while it is held: immutable for root
/// (`chattr +i`, which even root cannot get past on Linux), its parent
/// read-only for anyone else.
struct ReadOnlyFolder {
    private let folder: URL
    private let usesImmutable: Bool

    init(_ folder: URL) throws {
        self.folder = folder
        usesImmutable = geteuid() == 0
        if usesImmutable {
            try Self.chattr("+i", folder)
        } else {
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o555], ofItemAtPath: folder.deletingLastPathComponent().path)
        }
    }

    func unlock() {
        if usesImmutable {
            try? Self.chattr("-i", folder)
        } else {
            try? FileManager.default.setAttributes(
                [.posixPermissions: 0o755], ofItemAtPath: folder.deletingLastPathComponent().path)
        }
    }

    private static func chattr(_ flag: String, _ folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [flag, folder.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SandboxExport.Failure(description: "chattr \(flag) \(folder.path) failed")
        }
    }
}
