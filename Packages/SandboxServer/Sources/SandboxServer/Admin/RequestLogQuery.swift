#if SandboxServer
    import Hummingbird
    import Sandbox

    /// The query of `GET /__sandbox/requests`: which entries, between which ids,
    /// how many.
    struct RequestLogQuery {
        /// The most entries one page returns when `limit` is not given: the
        /// whole log, as before paging existed.
        static let defaultLimit = 10_000

        var filter = RequestLog.Filter()
        var after: Int?
        var before: Int?
        var limit = Self.defaultLimit

        /// Reads `path`, `service`, `method`, `status` (`404`, `4xx`,
        /// `dropped`), `console=exclude`, `after`, `before` and `limit`.
        init(_ parameters: Parameters) throws {
            filter.path = parameters["path"].map(String.init)
            filter.service = parameters["service"].flatMap { $0.isEmpty ? nil : String($0) }
            filter.method = parameters["method"].flatMap { $0.isEmpty ? nil : String($0) }
            if parameters["console"] == "exclude" {
                filter.predicate = { !$0.isFromConsole }
            }
            if let status = parameters["status"], !status.isEmpty {
                guard let statuses = Self.statuses(String(status)) else {
                    throw AdminError(
                        .badRequest, "Expected \"status\" to be a code such as 404, or a class such as 4xx.")
                }
                filter.statuses = statuses
            }
            if let text = parameters["limit"] {
                guard let limit = Int(text), limit >= 1 else {
                    throw AdminError(.badRequest, "Expected \"limit\" to be a whole number of at least 1.")
                }
                self.limit = limit
            }
            after = parameters["after"].flatMap { Int($0) }
            before = parameters["before"].flatMap { Int($0) }
        }

        /// `404` → 404..<405, `4xx` → 400..<500, `dropped` → 0..<1.
        static func statuses(_ text: String) -> Range<Int>? {
            if text == "dropped" { return 0..<1 }
            if text.count == 3, text.hasSuffix("xx"), let first = Int(text.prefix(1)), (1...5).contains(first) {
                return first * 100..<(first + 1) * 100
            }
            guard let code = Int(text), (0...999).contains(code) else { return nil }
            return code..<code + 1
        }
    }
#endif
