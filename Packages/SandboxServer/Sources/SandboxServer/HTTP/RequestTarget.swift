#if SandboxServer
    /// A request target split into its percent-encoded path and query, exactly as
    /// sent: the emulators decode what they need themselves.
    struct RequestTarget: Equatable {
        /// The path, such as `/v0/app/Design%20projects`; `/` when empty.
        var path: String
        /// The query without `?`, or `nil` when there was no `?`.
        var rawQuery: String?

        /// Splits an origin-form target (`/a/b?x=1`); an absolute-form target
        /// (`http://host/a/b?x=1`, as proxies send) is reduced to its path and
        /// query first, and a fragment, which clients should never send, is
        /// dropped.
        init(_ target: String) {
            // Byte scans: this runs on every request, and `range(of:)` goes
            // through `NSString` on Linux.
            var rest = Substring(target)
            if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
                rest = rest[..<hash]
            }
            if let scheme = Self.schemeSeparator(in: rest), rest[..<scheme].allSatisfy(\.isLetter) {
                let afterAuthority = rest.utf8[rest.utf8.index(scheme, offsetBy: 3)...]
                rest =
                    afterAuthority.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }.map { rest[$0...] }
                    ?? ""
            }
            guard let question = rest.utf8.firstIndex(of: UInt8(ascii: "?")) else {
                path = rest.isEmpty ? "/" : String(rest)
                rawQuery = nil
                return
            }
            path = question == rest.startIndex ? "/" : String(rest[..<question])
            rawQuery = String(rest[rest.utf8.index(after: question)...])
        }

        /// Where the first `://` starts, or `nil`.
        private static func schemeSeparator(in text: Substring) -> String.Index? {
            let bytes = text.utf8
            var index = bytes.startIndex
            while let colon = bytes[index...].firstIndex(of: UInt8(ascii: ":")) {
                let rest = bytes[bytes.index(after: colon)...]
                if rest.starts(with: "//".utf8) { return colon }
                index = bytes.index(after: colon)
            }
            return nil
        }
    }
#endif
