import Foundation
import Networking

extension JSONDecoder {
    /// The format of `datetaken`, such as `2017-01-01 12:32:06`.
    static let soogreyhoundsDateFormat = "yyyy-MM-dd HH:mm:ss"

    /// A new decoder for SooGreyhounds responses, reading `datetaken` in UTC.
    ///
    /// Each access makes a new decoder; a client keeps one.
    public static var soogreyhounds: JSONDecoder {
        soogreyhounds(timeZone: .gmt)
    }

    /// A new decoder for SooGreyhounds responses, reading `datetaken` in
    /// `timeZone`.
    ///
    /// The API writes the local time a photo was taken with no zone, so the
    /// zone is a choice: UTC by default, so that the same response gives the
    /// same dates on every device; the greyhounds' home zone
    /// (`America/Toronto`) to place them on the timeline.
    public static func soogreyhounds(timeZone: TimeZone) -> JSONDecoder {
        ModelCoders.makeDecoder(dates: .fixedFormat(soogreyhoundsDateFormat, timeZone: timeZone))
    }
}

extension JSONEncoder {
    /// A new encoder writing SooGreyhounds JSON, `datetaken` in UTC.
    public static var soogreyhounds: JSONEncoder {
        soogreyhounds(timeZone: .gmt)
    }

    /// A new encoder writing SooGreyhounds JSON, `datetaken` in `timeZone`
    /// (use the decoder's zone to round-trip), with sorted keys.
    public static func soogreyhounds(timeZone: TimeZone) -> JSONEncoder {
        let parser = FixedFormatDateParser(pattern: JSONDecoder.soogreyhoundsDateFormat, timeZone: timeZone)
        return ModelCoders.makeEncoder(
            dates: .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(parser.string(from: date))
            })
    }
}
