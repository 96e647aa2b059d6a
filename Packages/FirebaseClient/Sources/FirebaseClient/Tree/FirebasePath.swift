/// Paths inside a database: segments separated by `/`.
enum FirebasePath {
    /// The segments of `path`; empty segments (leading, trailing or doubled
    /// slashes) are dropped, so `""`, `"/"` and `"/a//b/"` are the root,
    /// the root, and `["a", "b"]`.
    static func segments(of path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }
}
