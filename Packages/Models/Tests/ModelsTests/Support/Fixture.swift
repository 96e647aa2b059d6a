import Foundation
import Networking
import Testing

/// The lessons' real payloads, copied byte for byte into `Fixtures/`.
enum Fixture {
    static func data(_ path: String) throws -> Data {
        let url = try #require(
            Bundle.module.url(forResource: path, withExtension: nil, subdirectory: "Fixtures"),
            "missing fixture \(path)"
        )
        return try Data(contentsOf: url)
    }
}

extension String {
    /// The UTF-8 bytes of the string.
    var utf8Data: Data { Data(utf8) }
}

extension Data {
    /// The bytes as text, to compare encoded bodies.
    var text: String { String(decoding: self, as: UTF8.self) }
}

/// An error in words, as Networking reports it: for a `DecodingError`, the
/// coding path and the reason, such as `records[0].fields.Due date: …`.
func describe(_ error: any Error) -> String {
    DecodingErrorSummary(error).description
}

/// The error `body` throws, described; `nil` if it does not throw.
func failure(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch {
        return describe(error)
    }
}
