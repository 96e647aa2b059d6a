/// The one table `make bench` prints: a Markdown table with padded
/// columns, readable in a terminal and pasteable into Docs/Performance.md.
enum ResultTable {
    static let headers = ["Benchmark", "Measured (median, min–max)", "Judged by", "Ratio", "Target", "Result"]

    /// The table's lines.
    static func render(_ rows: [ResultRow]) -> String {
        let cells = rows.map { row in
            [row.benchmark, row.measured, row.judgedBy, row.ratio, row.target, row.verdict.rawValue]
        }
        let widths = headers.indices.map { column in
            ([headers[column]] + cells.map { $0[column] }).map(\.count).max() ?? 0
        }
        func line(_ values: [String]) -> String {
            "| "
                + zip(values, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
                .joined(separator: " | ") + " |"
        }
        let rule = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
        return ([line(headers), rule] + cells.map(line)).joined(separator: "\n")
    }
}
