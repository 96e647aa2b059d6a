import Foundation

/// The starting point of every API's encoder: sorted keys, so a body is the
/// same bytes on every run and platform (tests pin them), and unescaped
/// slashes, so URLs read as URLs. The same settings as `HTTPClient.makeEncoder()`.
enum ModelCoders {
    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
