extension SandboxRequest {
    /// Whether a percent-encoded path holds a control character, raw or
    /// encoded (`%00` to `%1F`, `%7F`). No API names anything that way, and
    /// a decoded NUL cuts a file name short (`index.html%00.js` would serve
    /// `index.html`), so every such path is refused before any routing.
    public static func hasControlCharacters(inPath path: some StringProtocol) -> Bool {
        let bytes = Array(path.utf8)
        for (index, byte) in bytes.enumerated() {
            if byte < 0x20 || byte == 0x7F { return true }
            guard byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                let decoded = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
            else { continue }
            if decoded < 0x20 || decoded == 0x7F { return true }
        }
        return false
    }
}

extension SandboxResponse {
    /// The answer to a path with a control character in it.
    public static var controlCharacterInPath: SandboxResponse {
        .json(400, ["error": "Invalid path: it contains a control character."])
    }
}
