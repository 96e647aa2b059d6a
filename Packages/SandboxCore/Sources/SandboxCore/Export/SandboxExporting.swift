import Foundation

/// An emulator whose data goes into a Sandbox export as files of its own,
/// in a folder under `sandbox_export/`, beside the Firebase emulators'
/// layout: Airtable's bases and SooGreyhounds' uploads.
///
/// Export and import are the same files, so what one Sandbox writes another
/// reads back whole (`--export-on-exit`, `POST /__sandbox/export`,
/// `SandboxExport`).
public protocol SandboxExporting: Sendable {
    /// The folder's name under `sandbox_export/`.
    var exportFolder: String { get }
    /// The emulator's data as files, by path relative to its folder
    /// (`bases/appX.json`, `images/100001.jpg`).
    func exportFiles() async throws -> [String: Data]
    /// Takes in an export's files, replacing what they hold (a base of the
    /// same id, the uploads) and leaving the rest as it is.
    ///
    /// - Throws: ``SandboxExportError`` naming the file that cannot be read.
    func importFiles(_ files: [String: Data]) async throws
}

/// Why an emulator could not take in a file of an export.
public struct SandboxExportError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, naming the file.
    public var description: String

    /// Creates an error with its description.
    public init(_ description: String) {
        self.description = description
    }
}
