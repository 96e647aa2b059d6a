extension String {
    /// `transform` applied to each non-empty piece of the text between
    /// `separator` bytes, in order, gathered in one array allocated once:
    /// how a path splits into segments (`/a//b/` gives `a` and `b`) and a
    /// query into items. Split as bytes, since splitting a string compares
    /// grapheme clusters; `separator` must be ASCII. Inlinable, so each
    /// caller gets it specialized for its piece type: unspecialized, its
    /// generic array cost more than the split (a rule's `child()` path).
    @inlinable
    public func mapPieces<Piece>(separatedBy separator: UInt8, _ transform: (Substring) -> Piece) -> [Piece] {
        // The bytes are scanned in one buffer: subscripting the UTF-8 view
        // byte by byte cost several times more (a small string unpacks
        // itself on every subscript), and every request splits its path
        // and query, and a rule its computed `child()` paths.
        var text = self
        return text.withUTF8 { bytes in
            guard !bytes.isEmpty else { return [] }
            let separators = bytes.count { $0 == separator }
            // One piece, the whole text (a computed `child(auth.uid)` key, a
            // one-item query): passed as it is, so `String` of it is the
            // text itself and a long one is not copied.
            guard separators > 0 else { return [transform(Substring(self))] }
            var pieces: [Piece] = []
            pieces.reserveCapacity(separators + 1)
            let utf8 = utf8
            var start = 0
            for offset in 0...bytes.count where offset == bytes.count || bytes[offset] == separator {
                if start < offset {
                    let lower = utf8.index(utf8.startIndex, offsetBy: start)
                    pieces.append(transform(Substring(utf8[lower..<utf8.index(lower, offsetBy: offset - start)])))
                }
                start = offset + 1
            }
            return pieces
        }
    }
}
