extension String {
    /// `transform` applied to each non-empty piece of the text between
    /// `separator` bytes, in order, gathered in one array allocated once:
    /// how a path splits into segments (`/a//b/` gives `a` and `b`) and a
    /// query into items. Split as bytes, since splitting a string compares
    /// grapheme clusters; `separator` must be ASCII. Inlinable, so each
    /// caller gets it specialized for its piece type: unspecialized, its
    /// generic array cost more than the split (a rule's `child()` path).
    @inlinable
    public func mapPieces<Piece>(separatedBy separator: UInt8, _ transform: (String) -> Piece) -> [Piece] {
        // The bytes are scanned in one buffer: subscripting the UTF-8 view
        // byte by byte cost several times more (a small string unpacks
        // itself on every subscript), and every request splits its path
        // and query, and a rule its computed `child()` paths.
        var text = self
        return text.withUTF8 { bytes in
            guard !bytes.isEmpty else { return [] }
            let separators = bytes.count { $0 == separator }
            // One piece, the whole text (a computed `child(auth.uid)` key, a
            // one-item query): passed as it is, so a long one is not copied.
            guard separators > 0 else { return [transform(self)] }
            var pieces: [Piece] = []
            pieces.reserveCapacity(separators + 1)
            var start = 0
            for offset in 0...bytes.count where offset == bytes.count || bytes[offset] == separator {
                if start < offset {
                    // Made from the bytes: a slice of the string's views
                    // would first be aligned to its Unicode scalars, which
                    // cost more than the copy (a separator is ASCII, so a
                    // piece is whole scalars already).
                    let piece = UnsafeBufferPointer(rebasing: bytes[start..<offset])
                    pieces.append(transform(String(decoding: piece, as: UTF8.self)))
                }
                start = offset + 1
            }
            return pieces
        }
    }
}
