import Foundation
import Networking

/// The Sandbox's data in the folder Firebase's emulators export and
/// import (`firebase emulators:export`, `--import`, `--export-on-exit`),
/// so data moves between the Sandbox and Firebase's official emulator
/// both ways:
///
/// ```text
/// firebase-export-metadata.json       {"version", "database": {"version", "path"}, "auth": {"version", "path"}}
/// database_export/<namespace>.json    each database, as GET /.json?format=export answers (priorities kept)
/// auth_export/accounts.json           the users, as accounts:batchGet answers ({"kind", "users"})
/// auth_export/config.json             the project's sign-in settings
/// sandbox_export/rules/<namespace>.rules.json   each database's rules (the Sandbox's own addition)
/// sandbox_export/airtable/…           Airtable's bases (schema, records, comments), webhooks and attachments
/// sandbox_export/soogreyhounds/…      SooGreyhounds' uploaded photos
/// ```
///
/// Firebase's emulators read their rules from `firebase.json` rather than
/// from an export, so the Sandbox keeps rules under a key of its own,
/// `sandbox`, which the Firebase CLI ignores; Airtable's and SooGreyhounds'
/// files are there too, each in the layout its emulator documents
/// (`AirtableEmulator`, `SooGreyhoundsEmulator`: ``/SandboxCore/SandboxExporting``).
public struct SandboxExport: Sendable {
    /// The metadata file's name, as the Firebase CLI names it.
    public static let metadataFile = "firebase-export-metadata.json"
    /// The Firebase CLI version the folder's metadata says it was written
    /// by: one whose layout the Sandbox follows.
    public static let cliVersion = "14.11.0"

    /// The folder.
    public let folder: URL

    /// An export at `folder`.
    public init(folder: URL) {
        self.folder = folder
    }

    /// Why an import or export failed.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// What went wrong, naming the file.
        public var description: String

        /// The failure as the caller knows the paths: the folder being
        /// written beside the export is named as the export.
        func located(in staging: URL, as folder: URL) -> Failure {
            Failure(description: description.replacingOccurrences(of: staging.path, with: folder.path))
        }
    }

    /// The largest file an import reads: 256 MiB, an attachment store's whole bound.
    public static let maxFileSize = 256 << 20

    /// Writes every database (with its rules), every user, and Airtable's
    /// and SooGreyhounds' data of `sandbox` into the folder, replacing an
    /// earlier export there.
    ///
    /// The export is written beside the folder and then swapped into its
    /// place in one atomic rename, so the folder
    /// always holds one whole export: a reader never sees half of one, and
    /// an export that fails at any point (a disk that fills, a folder that
    /// cannot be replaced) leaves the earlier export as it was.
    ///
    /// - Throws: ``Failure``, saying what could not be written and why.
    public func write(_ sandbox: Sandbox) async throws(Failure) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw Failure(description: "\(folder.path) is a file, not an export folder")
        }
        let staging = folder.deletingLastPathComponent().appending(
            path: ".\(folder.lastPathComponent).\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(
                at: staging.appending(path: "database_export"), withIntermediateDirectories: true)
        } catch {
            throw Failure(
                description: "cannot write the export beside \(folder.path): \(FileFailureReason.text(of: error))")
        }
        do throws(Failure) {
            try Self.createFolder(staging.appending(path: "auth_export"))
            try Self.createFolder(staging.appending(path: "sandbox_export/rules"))
            for namespace in await sandbox.firebase.namespaces {
                let data = try await Self.database(sandbox, "GET", "/.json?ns=\(Self.query(namespace))&format=export")
                try Self.write(data, to: staging.appending(path: "database_export/\(namespace).json"))
                let rules = try await Self.database(sandbox, "GET", "/.settings/rules.json?ns=\(Self.query(namespace))")
                try Self.write(rules, to: staging.appending(path: "sandbox_export/rules/\(namespace).rules.json"))
            }
            try Self.write(
                await sandbox.firebaseAuth.exportedAccounts.serialized(pretty: true),
                to: staging.appending(path: "auth_export/accounts.json"))
            try Self.write(
                await sandbox.firebaseAuth.projectConfig.serialized(pretty: true),
                to: staging.appending(path: "auth_export/config.json"))
            for service in sandbox.exportingServices {
                let root = staging.appending(path: "sandbox_export").appending(path: service.exportFolder)
                let files: [String: Data]
                do {
                    files = try await service.exportFiles()
                } catch {
                    throw Failure(description: "\(service.exportFolder): \(error)")
                }
                for (path, data) in files {
                    let file = root.appending(path: path)
                    try Self.createFolder(file.deletingLastPathComponent())
                    try Self.write(data, to: file)
                }
            }
            let metadata: JSON = [
                "version": .string(Self.cliVersion),
                "database": ["version": "4.11.2", "path": "database_export"],
                "auth": ["version": .string(Self.cliVersion), "path": "auth_export"],
                "sandbox": ["version": "2", "path": "sandbox_export"],
            ]
            try Self.write(metadata.serialized(pretty: true), to: staging.appending(path: Self.metadataFile))
            try FolderReplacement.move(staging, to: folder)
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error.located(in: staging, as: folder)
        }
    }

    /// Creates `folder` and the folders above it.
    private static func createFolder(_ folder: URL) throws(Failure) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "cannot create \(folder.path): \(FileFailureReason.text(of: error))")
        }
    }

    /// Writes one file of the export.
    private static func write(_ data: Data, to file: URL) throws(Failure) {
        do {
            try data.write(to: file)
        } catch {
            throw Failure(description: "cannot write \(file.path): \(FileFailureReason.text(of: error))")
        }
    }

    /// Reads an export into `sandbox`: each database (replacing what the
    /// namespace held), its rules when the export has them, the project's
    /// sign-in settings and the users. A folder written by the Firebase
    /// CLI imports the same way.
    public func read(into sandbox: Sandbox) async throws {
        let metadataURL = folder.appending(path: Self.metadataFile)
        guard let metadataData = try? Data(contentsOf: metadataURL) else {
            throw Failure(description: "\(metadataURL.path) is missing: not an emulator export")
        }
        guard let metadata = try? JSON.parse(metadataData, maxDepth: 16), metadata.objectValue != nil else {
            throw Failure(description: "\(metadataURL.path) is not JSON")
        }
        if let path = metadata["database"]?["path"]?.stringValue {
            for file in try Self.files(in: folder.appending(path: path), ending: ".json") {
                let namespace = String(file.lastPathComponent.dropLast(".json".count))
                try await Self.database(
                    sandbox, "PUT", "/.json?ns=\(Self.query(namespace))&print=silent", body: Data(contentsOf: file))
            }
        }
        if let path = metadata["sandbox"]?["path"]?.stringValue {
            let root = folder.appending(path: path)
            for file in try Self.files(in: root.appending(path: "rules"), ending: ".rules.json") {
                let namespace = String(file.lastPathComponent.dropLast(".rules.json".count))
                try await Self.database(
                    sandbox, "PUT", "/.settings/rules.json?ns=\(Self.query(namespace))", body: Data(contentsOf: file))
            }
            for service in sandbox.exportingServices {
                let files = try Self.tree(at: root.appending(path: service.exportFolder))
                guard !files.isEmpty else { continue }
                do {
                    try await service.importFiles(files)
                } catch let error as SandboxExportError {
                    throw Failure(description: "\(root.path)/\(error.description)")
                }
            }
        }
        if let path = metadata["auth"]?["path"]?.stringValue {
            let auth = folder.appending(path: path)
            if let data = try? Data(contentsOf: auth.appending(path: "config.json")) {
                let config = try Self.parse(data, auth.appending(path: "config.json"))
                await sandbox.firebaseAuth.importConfig(config)
            }
            let accounts = auth.appending(path: "accounts.json")
            if let data = try? Data(contentsOf: accounts) {
                try await sandbox.firebaseAuth.importAccounts(try Self.parse(data, accounts))
            }
        }
    }

    /// A request to the database emulator as its administrator; its body,
    /// or the failure it answered.
    @discardableResult
    private static func database(_ sandbox: Sandbox, _ method: String, _ target: String, body: Data = Data())
        async throws(Failure) -> Data
    {
        let credential = sandbox.configuration.firebase.authSecret ?? "owner"
        let response = await sandbox.firebase.answer(
            SandboxRequest(method, target, headers: ["Authorization": "Bearer \(credential)"], body: body))
        guard (200..<300).contains(response.status) else {
            throw Failure(description: "\(method) \(target): \(response.status) \(response.bodyText)")
        }
        return response.data
    }

    /// A namespace from a file name, percent-encoded for a query: the
    /// database emulator then judges the name itself.
    private static func query(_ namespace: String) -> String {
        namespace.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }

    /// Every file under `folder`, by its path relative to it (none when
    /// there is no such folder); hidden files are skipped, and a file over
    /// ``maxFileSize`` fails the import.
    private static func tree(at folder: URL) throws -> [String: Data] {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: folder.path),
            let walk = fileManager.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey],
                options: [.skipsHiddenFiles])
        else { return [:] }
        let prefix = folder.standardizedFileURL.path + "/"
        var files: [String: Data] = [:]
        for case let url as URL in walk {
            let values = try url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey])
            guard values.isRegularFile == true else { continue }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(prefix) else { continue }
            guard (values.fileSize ?? 0) <= maxFileSize else {
                throw Failure(description: "\(path) is larger than \(maxFileSize) bytes")
            }
            files[String(path.dropFirst(prefix.count))] = try Data(contentsOf: url)
        }
        return files
    }

    private static func files(in folder: URL, ending suffix: String) throws -> [URL] {
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(suffix) && !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    private static func parse(_ data: Data, _ file: URL) throws -> JSON {
        do {
            return try JSON.parse(data, maxDepth: 64)
        } catch {
            throw Failure(description: "\(file.path) is not JSON: \(error)")
        }
    }
}
