import Networking

extension SandboxRequest {
    /// Whether a percent-encoded path holds a control character, raw or
    /// encoded (`%00` to `%1F`, `%7F`). No API names anything that way, and
    /// a decoded NUL cuts a file name short (`index.html%00.js` would serve
    /// `index.html`), so every such path is refused before any routing.
    public static func hasControlCharacters(inPath path: some StringProtocol) -> Bool {
        // Read in place: this runs on every request.
        path.utf8.withContiguousStorageIfAvailable(hasControlCharacters(inBytes:))
            ?? Array(path.utf8).withUnsafeBufferPointer(hasControlCharacters(inBytes:))
    }

    private static func hasControlCharacters(inBytes bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for (index, byte) in bytes.enumerated() {
            if isControl(byte) { return true }
            guard byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = PercentEncoding.hexDigitValue(bytes[index + 1]),
                let low = PercentEncoding.hexDigitValue(bytes[index + 2])
            else { continue }
            if isControl(high << 4 | low) { return true }
        }
        return false
    }

    private static func isControl(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F
    }
}

extension SandboxResponse {
    /// The answer to a path with a control character in it.
    public static var controlCharacterInPath: SandboxResponse {
        .json(400, ["error": "Invalid path: it contains a control character."])
    }
}
