import Foundation
import Networking

extension JSONDecoder {
    /// A new decoder for Airtable's responses: `createdTime` and other
    /// timestamps as ISO-8601 with or without milliseconds.
    ///
    /// Each access makes a new decoder; a client keeps one.
    public static var airtable: JSONDecoder {
        ModelCoders.makeDecoder(dates: .iso8601Flexible)
    }
}

extension JSONEncoder {
    /// A new encoder for Airtable's request bodies: timestamps as ISO-8601
    /// with milliseconds (`2015-02-10T20:57:11.000Z`), as Airtable writes
    /// them, and sorted keys.
    ///
    /// Each access makes a new encoder; a client keeps one.
    public static var airtable: JSONEncoder {
        ModelCoders.makeEncoder(dates: .iso8601(fractionalSeconds: true))
    }
}
