import Foundation

extension JSONDecoder {
    /// A new decoder for the Post feed. Timestamps are plain numbers, so it
    /// needs no strategy; it exists so a client makes its one decoder the
    /// same way for every API.
    public static var postFeed: JSONDecoder {
        ModelCoders.makeDecoder()
    }
}

extension JSONEncoder {
    /// A new encoder for the Post feed's PUT body, with sorted keys.
    public static var postFeed: JSONEncoder {
        ModelCoders.makeEncoder()
    }
}
