/// The values a ``PathPattern`` took from a path, by parameter name.
public struct RouteParameters: Sendable, Hashable {
    private let values: [String: String]

    /// Parameters with these values.
    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// The value of the parameter `name`; `""` when the pattern has none of
    /// that name, which only a mistyped handler asks for.
    public subscript(name: String) -> String {
        values[name] ?? ""
    }
}
