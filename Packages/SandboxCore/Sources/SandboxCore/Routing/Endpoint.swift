/// One line of an emulator's endpoint list, as the banner, `sandbox --help`
/// and the console show it: `GET, HEAD /images/{file}  A photo's JPEG`.
public struct Endpoint: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The methods, such as `GET, HEAD`, or `*` for any.
    public var methods: String
    /// The path pattern, such as `/images/{file}`.
    public var path: String
    /// What it is for.
    public var summary: String

    /// `METHODS /path  summary`.
    public var description: String {
        "\(methods) \(path)  \(summary)"
    }
}
