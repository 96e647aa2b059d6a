import Foundation
import Sandbox

/// How a ``SandboxServer`` is started: where it listens, where it keeps its
/// data, and how the emulators are set up.
///
/// ```swift
/// var options = SandboxServerOptions()
/// options.dataDirectory = URL(filePath: ".sandbox-data")
/// options.configuration.firebase.authSecret = "s3cret"
/// let server = try await SandboxServer.start(options)
/// ```
public struct SandboxServerOptions: Sendable {
    /// The address to listen on; loopback by default, so nothing outside this
    /// machine can reach the sandbox unless asked (`0.0.0.0` or `::`).
    public var host: String
    /// The port to listen on; 0 picks a free one, reported by
    /// ``SandboxServer/port`` once started.
    public var port: Int
    /// Where the emulators' data is kept durably (`sandbox.sqlite` inside it);
    /// `nil` keeps everything in memory.
    public var dataDirectory: URL?
    /// The emulators' settings.
    public var configuration: SandboxConfiguration

    /// Creates options; the defaults are an in-memory sandbox on a free
    /// loopback port, set up as the lessons expect.
    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        dataDirectory: URL? = nil,
        configuration: SandboxConfiguration = SandboxConfiguration()
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.configuration = configuration
    }

    /// The largest request body the server collects: the most any emulator
    /// accepts. Anything larger is a 413 before it reaches an emulator.
    var maxBodySize: Int {
        max(0, configuration.firebase.maxBodySize, configuration.airtable.maxBodySize)
    }
}
