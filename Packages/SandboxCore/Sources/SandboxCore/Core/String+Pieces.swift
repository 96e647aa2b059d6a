extension String {
    /// `transform` applied to each non-empty piece of the text between
    /// `separator` bytes, in order, gathered in one array allocated once:
    /// how a path splits into segments (`/a//b/` gives `a` and `b`) and a
    /// query into items. Split as bytes, since splitting a string compares
    /// grapheme clusters; `separator` must be ASCII.
    public func mapPieces<Piece>(separatedBy separator: UInt8, _ transform: (Substring) -> Piece) -> [Piece] {
        let utf8 = self.utf8
        guard !utf8.isEmpty else { return [] }
        var pieces: [Piece] = []
        pieces.reserveCapacity(utf8.count { $0 == separator } + 1)
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            if utf8[index] == separator {
                if start != index { pieces.append(transform(Substring(utf8[start..<index]))) }
                start = utf8.index(after: index)
            }
            utf8.formIndex(after: &index)
        }
        if start != utf8.endIndex { pieces.append(transform(Substring(utf8[start...]))) }
        return pieces
    }
}
