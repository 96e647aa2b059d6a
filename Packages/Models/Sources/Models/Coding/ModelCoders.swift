import Foundation

/// Where every API's coders start. Encoders sort keys, so a body is the same
/// bytes on every run and platform (tests pin them), and leave slashes
/// unescaped, so URLs read as URLs: the same settings as
/// `NetworkClient.makeEncoder()`. Each API differs only in how it writes dates.
enum ModelCoders {
    static func makeEncoder(dates: JSONEncoder.DateEncodingStrategy = .deferredToDate) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = dates
        return encoder
    }

    static func makeDecoder(dates: JSONDecoder.DateDecodingStrategy = .deferredToDate) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = dates
        return decoder
    }
}
