import ArgumentParser
import Foundation

/// The options every example shares: where to send requests, where the
/// embedded sandbox keeps its data, and how to print.
///
/// ```swift
/// struct List: AsyncParsableCommand {
///     @OptionGroup var backend: BackendOptions
/// }
/// ```
public struct BackendOptions: ParsableArguments, Sendable {
    /// A server that speaks the lesson's API; without it the example starts
    /// the Sandbox on a free loopback port.
    @Option(
        name: .customLong("base-url"),
        help: ArgumentHelp(
            "Send requests to this server instead of an embedded sandbox: a running `make sandbox`, or the real service with credentials from the environment or .env.",
            valueName: "url"))
    public var baseURL: String?

    /// Where the embedded sandbox keeps its data between runs.
    @Option(
        name: .customLong("data-dir"),
        help: ArgumentHelp(
            "Where the embedded sandbox keeps its data (default: $XDG_DATA_HOME or ~/.local/share, under networking-lessons/sandbox).",
            valueName: "dir"))
    public var dataDirectory: String?

    /// Whether to erase the embedded sandbox's data and start from the lesson's seed.
    @Flag(name: .long, help: "Erase the embedded sandbox's data and start again from the lessons' seed data.")
    public var reset = false

    /// Whether to print the embedded sandbox's console URL and keep the
    /// sandbox running after the example, until Ctrl-C.
    @Flag(
        name: .long,
        help:
            "Print the embedded sandbox's console URL (its data, every request, faults) and keep it running after the example until Ctrl-C."
    )
    public var console = false

    /// Whether to print machine-readable JSON instead of tables.
    @Flag(name: .long, help: "Print JSON instead of tables.")
    public var json = false

    /// Creates the defaults: an embedded sandbox, tables.
    public init() {}
}
