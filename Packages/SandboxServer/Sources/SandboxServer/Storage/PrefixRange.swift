#if SandboxServer
    /// The strings starting with a prefix as a half-open range, so SQLite finds
    /// them with an index seek instead of scanning with `LIKE` (whose `%` and `_`
    /// would also need escaping).
    ///
    /// SQLite compares text by its UTF-8 bytes, which orders strings by code
    /// point, so every string starting with `prefix` lies in
    /// `prefix ..< successor`, where the successor bumps the prefix's last code
    /// point (dropping trailing U+10FFFF, which has none).
    struct PrefixRange: Equatable {
        /// The prefix itself: the smallest string starting with it.
        var lowerBound: String
        /// The smallest string greater than every string starting with the
        /// prefix; `nil` when there is none (an empty prefix, or only U+10FFFF).
        var upperBound: String?

        init(_ prefix: String) {
            lowerBound = prefix
            var scalars = Array(prefix.unicodeScalars)
            upperBound = nil
            while let last = scalars.popLast() {
                if let next = Self.successor(of: last) {
                    scalars.append(next)
                    var view = String.UnicodeScalarView()
                    view.append(contentsOf: scalars)
                    upperBound = String(view)
                    return
                }
            }
        }

        private static func successor(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
            let next = scalar.value + 1
            // Surrogate code points are not scalars and never occur in text.
            return Unicode.Scalar(next == 0xD800 ? 0xE000 : next)
        }
    }
#endif
