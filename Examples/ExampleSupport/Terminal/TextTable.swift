/// A table of text with aligned columns, as the examples print view models.
///
/// ```swift
/// var table = TextTable(columns: [.init("Name"), .init("Balance", alignment: .right)])
/// table.append(["Basic Savings", "$929,466.23"])
/// print(table.render(using: .current))
/// ```
public struct TextTable: Sendable {
    /// One column: its heading and how its cells align.
    public struct Column: Sendable {
        /// How cells line up.
        public enum Alignment: Sendable {
            /// Against the left edge.
            case left
            /// Against the right edge, for numbers and money.
            case right
        }

        /// The heading.
        public var title: String
        /// The alignment of every cell.
        public var alignment: Alignment

        /// Creates a column.
        public init(_ title: String, alignment: Alignment = .left) {
            self.title = title
            self.alignment = alignment
        }
    }

    /// The columns, in order.
    public var columns: [Column]
    /// The rows; a short row is padded with empty cells.
    public private(set) var rows: [[String]] = []

    /// Creates an empty table.
    public init(columns: [Column]) {
        self.columns = columns
    }

    /// Adds a row.
    public mutating func append(_ row: [String]) {
        rows.append(row)
    }

    /// The table as lines: a bold heading, a rule, then the rows. Cells are
    /// measured in characters, so accented and non-Latin text lines up.
    public func render(using terminal: Terminal) -> String {
        let cells = rows.map { row in columns.indices.map { $0 < row.count ? Self.singleLine(row[$0]) : "" } }
        let widths = columns.indices.map { index in
            max(columns[index].title.count, cells.map { $0[index].count }.max() ?? 0)
        }
        func line(_ values: [String]) -> String {
            columns.indices.map { index in
                pad(values[index], to: widths[index], alignment: columns[index].alignment)
            }
            .joined(separator: "  ")
            .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        var lines = [terminal.styled(line(columns.map(\.title)), .bold)]
        lines.append(widths.map { String(repeating: "─", count: $0) }.joined(separator: "  "))
        lines += cells.map(line)
        return lines.joined(separator: "\n")
    }

    private func pad(_ text: String, to width: Int, alignment: Column.Alignment) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return alignment == .left ? text + padding : padding + text
    }

    /// Tables are one line per row; newlines and tabs inside a cell become spaces.
    private static func singleLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isNewline || $0 == "\t" }).joined(separator: " ")
    }
}
