extension StringProtocol {
    /// Whether the text's UTF-8 bytes end with `suffix`'s: how routes
    /// compare path endings such as `.json`. `hasSuffix` compares grapheme
    /// clusters from the end, which showed in the server's profile as a
    /// cost of every request. Inlinable, so each caller gets it specialized
    /// for its string type.
    @inlinable
    public func hasUTF8Suffix(_ suffix: String) -> Bool {
        compareContiguousUTF8(with: suffix) { bytes, end in
            bytes.count >= end.count && UnsafeBufferPointer(rebasing: bytes.suffix(end.count)).elementsEqual(end)
        } ?? utf8.reversed().starts(with: suffix.utf8.reversed())
    }

    /// Whether the text's UTF-8 bytes start with `prefix`'s: how each
    /// emulator claims its paths (`/v0/`, `/bankey/`), for every request
    /// the Sandbox answers. `hasPrefix` compares grapheme clusters.
    @inlinable
    public func hasUTF8Prefix(_ prefix: String) -> Bool {
        compareContiguousUTF8(with: prefix) { bytes, start in
            bytes.count >= start.count && UnsafeBufferPointer(rebasing: bytes.prefix(start.count)).elementsEqual(start)
        } ?? utf8.starts(with: prefix.utf8)
    }

    /// `compare` of the text's bytes and `other`'s, as two buffers, or
    /// `nil` when either is not contiguous UTF-8 (native strings are).
    /// Walking the views index by index cost as much again. Inlinable, as
    /// its callers are, so it is specialized with them.
    @inlinable
    func compareContiguousUTF8(
        with other: String, _ compare: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Bool? {
        let compared = utf8.withContiguousStorageIfAvailable { bytes in
            other.utf8.withContiguousStorageIfAvailable { otherBytes in compare(bytes, otherBytes) }
        }
        return compared ?? nil
    }
}
