/// The values a ``PathPattern`` took from a path, by parameter name.
///
/// A value is made when a handler asks for it: the table matches every
/// request, and many handlers never read the parameters their pattern
/// names (Firebase's `{path...}`, which the emulator parses itself).
public struct RouteParameters: Sendable, Hashable {
    /// The path's segments the values come from.
    private let segments: [String]
    /// In the pattern's order.
    private var values: [Value]

    /// Where one parameter's value is in ``segments``.
    private struct Value: Sendable, Hashable {
        let name: String
        /// The segments it spans, joined with `/`.
        let range: Range<Int>
        /// The bytes of a pattern's suffix (`.json`) the last one ends in.
        let droppingSuffix: Int
    }

    /// Parameters with these values.
    public init(_ values: [String: String] = [:]) {
        segments = Array(values.values)
        self.values = values.keys.enumerated().map { offset, name in
            Value(name: name, range: offset..<(offset + 1), droppingSuffix: 0)
        }
    }

    /// No parameters yet, for a pattern matching `segments`.
    init(matching segments: [String]) {
        self.segments = segments
        values = []
    }

    /// Adds a parameter spanning `range` of the segments, the last of them
    /// without its final `droppingSuffix` bytes.
    mutating func add(_ name: String, range: Range<Int>, droppingSuffix: Int = 0) {
        values.append(Value(name: name, range: range, droppingSuffix: droppingSuffix))
    }

    /// The value of the parameter `name`; `""` when the pattern has none of
    /// that name, which only a mistyped handler asks for.
    public subscript(name: String) -> String {
        values.last { $0.name == name }.map(value) ?? ""
    }

    private func value(_ value: Value) -> String {
        guard value.droppingSuffix > 0, let last = value.range.last else {
            return segments[value.range].joined(separator: "/")
        }
        let trimmed = String(Substring(segments[last].utf8.dropLast(value.droppingSuffix)))
        return (segments[value.range.dropLast()] + [trimmed]).joined(separator: "/")
    }

    /// Equal when they hold the same value for every name, in any order.
    public static func == (lhs: RouteParameters, rhs: RouteParameters) -> Bool {
        lhs.dictionary == rhs.dictionary
    }

    /// Hashes the values by name, in any order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(dictionary)
    }

    private var dictionary: [String: String] {
        Dictionary(values.map { ($0.name, value($0)) }, uniquingKeysWith: { _, last in last })
    }
}
