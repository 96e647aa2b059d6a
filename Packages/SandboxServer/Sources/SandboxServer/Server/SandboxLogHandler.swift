#if SandboxServer
    import Foundation
    import Logging
    import Networking

    /// The server's log handler: lines as swift-log's `StreamLogHandler`
    /// writes them (`time level label: key=value … [source] message`), to
    /// standard error, with the logger's metadata formatted only when a line is
    /// written, secrets redacted and control characters escaped.
    ///
    /// `StreamLogHandler` formats all its metadata again whenever a key is set,
    /// and Hummingbird sets the request id on every request's logger: about a
    /// microsecond a request (3 % of the server's CPU for a small read,
    /// Docs/Performance.md) spent on lines that, at the default level, are
    /// never written.
    struct SandboxLogHandler: LogHandler {
        /// Where a finished line goes.
        typealias Sink = @Sendable (String) -> Void

        /// The logger's name, written on every line.
        let label: String
        /// The lowest level written.
        var logLevel: Logger.Level = .info
        /// The logger's own metadata.
        var metadata: Logger.Metadata {
            get { Logger.Metadata(pairs, uniquingKeysWith: { $1 }) }
            set { pairs = newValue.map { ($0.key, $0.value) } }
        }
        /// The metadata as set, in order: Hummingbird sets a request id on
        /// every request's logger, and a short list takes it without hashing or
        /// a dictionary's table.
        private var pairs: [(key: String, value: Logger.Metadata.Value)] = []
        /// Metadata added to every line, such as task-local values.
        var metadataProvider: Logger.MetadataProvider?
        private let sink: Sink

        /// A handler for `label` writing to `sink` (standard error unless told),
        /// with the process's metadata provider unless told, as
        /// `StreamLogHandler` has.
        init(
            label: String, metadataProvider: Logger.MetadataProvider? = LoggingSystem.metadataProvider,
            sink: @escaping Sink = Self.standardError
        ) {
            self.label = label
            self.metadataProvider = metadataProvider
            self.sink = sink
        }

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { pairs.first { $0.key == key }?.value }
            set {
                let index = pairs.firstIndex { $0.key == key }
                switch (index, newValue) {
                case (let index?, let value?): pairs[index].value = value
                case (let index?, nil): pairs.remove(at: index)
                case (nil, let value?): pairs.append((key, value))
                case (nil, nil): break
                }
            }
        }

        func log(event: LogEvent) {
            var all = metadata
            if let provided = metadataProvider?.get() { all.merge(provided) { $1 } }
            if let explicit = event.metadata { all.merge(explicit) { $1 } }
            if let error = event.error {
                all["error.message"] = "\(error)"
                all["error.type"] = "\(String(reflecting: type(of: error)))"
            }
            let pairs = all.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
            let line = "\(Self.timestamp()) \(event.level) \(label):\(pairs) [\(event.source)] \(event.message)"
            sink(Self.escapingControlCharacters(Self.redactor.redact(text: line)) + "\n")
        }

        /// Finds secrets in a line (`auth=…`, bearer tokens, `user:password@`)
        /// and replaces them, as the request log does: an error's description
        /// can quote the request it came from.
        private static let redactor = Redactor()

        /// `text` with its control characters and line separators written as
        /// escapes (`\n`, `\u{1B}`): an error's description can carry a
        /// request's text, which must not start a line of its own or move a
        /// terminal's cursor.
        static func escapingControlCharacters(_ text: String) -> String {
            func isControl(_ scalar: Unicode.Scalar) -> Bool {
                switch scalar.properties.generalCategory {
                case .control, .lineSeparator, .paragraphSeparator: true
                default: false
                }
            }
            guard text.unicodeScalars.contains(where: isControl) else { return text }
            var escaped = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\n": escaped.append(contentsOf: #"\n"#.unicodeScalars)
                case "\r": escaped.append(contentsOf: #"\r"#.unicodeScalars)
                case "\t": escaped.append(contentsOf: #"\t"#.unicodeScalars)
                case _ where isControl(scalar):
                    escaped.append(
                        contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
                default: escaped.append(scalar)
                }
            }
            return String(escaped)
        }

        /// Writes a line to standard error in one piece, so that lines from
        /// several threads do not interleave. A failed write (standard error
        /// closed) is dropped: a log line must never stop the server, and
        /// `FileHandle.write(_:)` traps on one.
        static let standardError: Sink = { line in try? FileHandle.standardError.write(contentsOf: Data(line.utf8)) }

        /// Local time as `2026-11-27T11:00:00+0000`, as `StreamLogHandler`
        /// writes it.
        private static func timestamp() -> String {
            var now = time(nil)
            var parts = tm()
            guard localtime_r(&now, &parts) != nil else { return "<unknown>" }
            var buffer = [CChar](repeating: 0, count: 64)
            let length = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
            return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
#endif
