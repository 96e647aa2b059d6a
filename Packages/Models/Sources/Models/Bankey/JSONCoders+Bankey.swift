import Foundation
import Networking

extension JSONDecoder {
    /// A new decoder for Bankey's responses: `createdDateTime` as ISO-8601
    /// (`2010-06-21T15:29:32Z`; with fractional seconds too).
    ///
    /// Each access makes a new decoder; a client keeps one.
    public static var bankey: JSONDecoder {
        ModelCoders.makeDecoder(dates: .iso8601Flexible)
    }
}

extension JSONEncoder {
    /// A new encoder writing Bankey's JSON: dates as ISO-8601 without
    /// fractional seconds, as the server does, and sorted keys.
    public static var bankey: JSONEncoder {
        ModelCoders.makeEncoder(dates: .iso8601(fractionalSeconds: false))
    }
}
