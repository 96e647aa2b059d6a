import Foundation

extension JSONDecoder {
    /// A new decoder for the Message Board. Messages read their timestamps
    /// themselves (seconds since 2001), so it needs no strategy; it exists so
    /// a client makes its one decoder the same way for every API.
    public static var messageBoard: JSONDecoder {
        JSONDecoder()
    }
}

extension JSONEncoder {
    /// A new encoder for the Message Board's PUT and POST bodies, with sorted keys.
    public static var messageBoard: JSONEncoder {
        ModelCoders.makeEncoder()
    }
}
