extension StringProtocol {
    /// Whether the text's UTF-8 bytes end with `suffix`'s: how routes
    /// compare path endings such as `.json`. `hasSuffix` compares grapheme
    /// clusters from the end, which showed in the server's profile as a
    /// cost of every request. Inlinable, so each caller gets it specialized
    /// for its string type.
    @inlinable
    public func hasUTF8Suffix(_ suffix: String) -> Bool {
        let bytes = utf8
        let suffixBytes = suffix.utf8
        guard bytes.count >= suffixBytes.count else { return false }
        return bytes[bytes.index(bytes.endIndex, offsetBy: -suffixBytes.count)...].elementsEqual(suffixBytes)
    }
}
