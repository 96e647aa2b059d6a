extension StringProtocol {
    /// Whether the text's UTF-8 bytes end with `suffix`'s: how routes
    /// compare path endings such as `.json`. `hasSuffix` compares grapheme
    /// clusters from the end, which showed in the server's profile as a
    /// cost of every request. Inlinable, so each caller gets it specialized
    /// for its string type.
    ///
    /// Native strings compare as two byte buffers; walking the views index
    /// by index cost as much again.
    @inlinable
    public func hasUTF8Suffix(_ suffix: String) -> Bool {
        let compared = utf8.withContiguousStorageIfAvailable { bytes in
            suffix.utf8.withContiguousStorageIfAvailable { end in
                bytes.count >= end.count && UnsafeBufferPointer(rebasing: bytes.suffix(end.count)).elementsEqual(end)
            }
        }
        if let compared = compared ?? nil { return compared }
        let bytes = utf8
        let suffixBytes = suffix.utf8
        guard bytes.count >= suffixBytes.count else { return false }
        return bytes[bytes.index(bytes.endIndex, offsetBy: -suffixBytes.count)...].elementsEqual(suffixBytes)
    }

    /// Whether the text's UTF-8 bytes start with `prefix`'s: how each
    /// emulator claims its paths (`/v0/`, `/bankey/`), for every request
    /// the Sandbox answers. `hasPrefix` compares grapheme clusters.
    @inlinable
    public func hasUTF8Prefix(_ prefix: String) -> Bool {
        let compared = utf8.withContiguousStorageIfAvailable { bytes in
            prefix.utf8.withContiguousStorageIfAvailable { start in
                bytes.count >= start.count
                    && UnsafeBufferPointer(rebasing: bytes.prefix(start.count)).elementsEqual(start)
            }
        }
        if let compared = compared ?? nil { return compared }
        return utf8.starts(with: prefix.utf8)
    }
}
