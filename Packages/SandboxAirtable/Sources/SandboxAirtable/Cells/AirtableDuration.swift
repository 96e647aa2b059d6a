import Foundation
import Networking
import SandboxCore

/// Durations written as text with `typecast`.
enum AirtableDuration {

    /// `h:mm` or `h:mm:ss(.S…)` as seconds; `nil` for anything else.
    static func seconds(in text: String) -> Double? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count),
            parts.allSatisfy({ $0.utf8.count <= 20 && AirtableCellWriter.isDecimal($0) })
        else {
            return nil
        }
        let values = parts.compactMap { Double($0) }.filter { $0 >= 0 && $0.isFinite }
        guard values.count == parts.count else { return nil }
        return values.count == 2 ? values[0] * 3600 + values[1] * 60 : values[0] * 3600 + values[1] * 60 + values[2]
    }
}
