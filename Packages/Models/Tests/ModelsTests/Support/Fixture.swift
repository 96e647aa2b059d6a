import Foundation
import Networking
import Testing

/// The lessons' real payloads, copied byte for byte into `Fixtures/`.
///
/// The folder is looked up once: on Linux, CFBundle's resource search is not
/// safe from many threads at once, and tests run in parallel.
enum Fixture {
    static let folder = Bundle.module.url(forResource: "Fixtures", withExtension: nil)

    static func data(_ path: String) throws -> Data {
        let folder = try #require(Fixture.folder, "missing the Fixtures folder")
        return try Data(contentsOf: folder.appending(path: path))
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
/// coding path and the reason, such as `records[0].fields.Due date: …`. A
/// helper's ``NetworkError/decodingFailed(_:)`` is described by its cause.
func describe(_ error: any Error) -> String {
    if case .decodingFailed(let failure) = error as? NetworkError, let cause = failure.underlying {
        return DecodingErrorSummary(cause).description
    }
    return DecodingErrorSummary(error).description
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
