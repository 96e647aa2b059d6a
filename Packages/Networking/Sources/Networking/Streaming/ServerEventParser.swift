import Foundation

/// Turns the bytes of a `text/event-stream` body into events, however the
/// network splits them: chunks may end mid-line or mid-character.
///
/// It follows the HTML specification's parsing rules: lines end with LF, CR
/// or CRLF; a blank line dispatches the event; lines starting with `:` are
/// comments; one space after the colon is dropped; an event without data is
/// not dispatched.
///
/// What it holds is bounded: a line without an end, or an event without the
/// blank line that ends it, may grow to ``maxEventSize`` bytes (16 MiB
/// unless set), and past that ``consume(_:)`` throws
/// ``NetworkError/responseTooLarge(limit:)`` instead of buffering on.
public struct ServerEventParser: Sendable {
    /// The most bytes one event (its data lines and the line being read
    /// together) may hold.
    public let maxEventSize: Int
    private var buffer: [UInt8] = []
    /// The bytes held in `buffer` and `dataLines` together.
    private var pendingBytes = 0
    private var eventType = ""
    private var dataLines: [String] = []
    private var lastEventID: String?
    private var retry: Int?
    private var skipLineFeed = false

    /// Creates a parser at the start of a stream.
    public init(maxEventSize: Int = 16 << 20) {
        self.maxEventSize = max(0, maxEventSize)
    }

    /// Consumes a chunk and returns the events it completed.
    ///
    /// - Throws: ``NetworkError/responseTooLarge(limit:)`` when an event
    ///   grows past ``maxEventSize``; the parser should not be used after.
    public mutating func consume(_ chunk: some Sequence<UInt8>) throws(NetworkError) -> [ServerEvent] {
        var events: [ServerEvent] = []
        for byte in chunk {
            if skipLineFeed {
                skipLineFeed = false
                if byte == UInt8(ascii: "\n") { continue }
            }
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                skipLineFeed = byte == UInt8(ascii: "\r")
                if let event = processLine() {
                    events.append(event)
                }
            default:
                guard pendingBytes < maxEventSize else { throw .responseTooLarge(limit: maxEventSize) }
                buffer.append(byte)
                pendingBytes += 1
            }
        }
        return events
    }

    private mutating func processLine() -> ServerEvent? {
        defer {
            pendingBytes -= buffer.count
            buffer.removeAll(keepingCapacity: true)
        }
        guard !buffer.isEmpty else { return dispatch() }
        if buffer.first == UInt8(ascii: ":") { return nil }
        let line = String(decoding: buffer, as: UTF8.self)
        let field: Substring
        var value: Substring
        if let colon = line.firstIndex(of: ":") {
            field = line[..<colon]
            value = line[line.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
        } else {
            field = line[...]
            value = ""
        }
        switch field {
        case "event": eventType = String(value)
        case "data":
            dataLines.append(String(value))
            // A data line stays held until the event ends; the newline that
            // will join it counts too, so empty lines are not free.
            pendingBytes += value.utf8.count + 1
        case "id" where !value.contains("\0"): lastEventID = String(value)
        // The spec takes ASCII digits only ("+5" and "-1" are ignored), and
        // a number too long for an Int is ignored rather than trapping.
        case "retry" where !value.isEmpty && value.utf8.allSatisfy({ (0x30...0x39).contains($0) }):
            retry = Int(value) ?? retry  // safe: ASCII digits only, checked above; too long gives nil
        default: break
        }
        return nil
    }

    private mutating func dispatch() -> ServerEvent? {
        defer {
            eventType = ""
            dataLines.removeAll()
            pendingBytes = buffer.count
        }
        guard !dataLines.isEmpty else { return nil }
        return ServerEvent(
            event: eventType.isEmpty ? "message" : eventType,
            data: dataLines.joined(separator: "\n"),
            id: lastEventID,
            retry: retry
        )
    }
}

extension TransportStreamingResponse {
    /// The body parsed as server-sent events.
    public var events: AsyncThrowingStream<ServerEvent, any Error> {
        let body = body
        return AsyncThrowingStream { continuation in
            let task = Task {
                var parser = ServerEventParser()
                do {
                    for try await chunk in body {
                        for event in try parser.consume(chunk) {
                            continuation.yield(event)
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
