import Foundation

/// Prints `--json` output: one pretty-printed JSON document on standard
/// output, keys sorted so runs compare byte for byte, dates as ISO-8601.
public enum JSONOutput {
    /// Writes `value` and a newline to standard output.
    ///
    /// - Throws: An `ExampleFailure` when the value cannot be encoded.
    public static func print<Value: Encodable>(_ value: Value) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do {
            let data = try encoder.encode(value)
            // Through `print`, like the tables, so output written both ways
            // stays in order when piped.
            Swift.print(String(decoding: data, as: UTF8.self))
        } catch {
            throw ExampleFailure("Could not write JSON: \(error)")
        }
    }
}
