/// A `Content-Range: bytes first-last/total` header of a `206` answer
/// (RFC 9110 §14.4), read strictly: each number digits only.
struct ContentRange: Hashable {
    let first: Int
    let last: Int
    /// `nil` for `*`, an unknown total.
    let total: Int?

    init?(_ header: String?) {
        guard let header else { return nil }
        let text = header.trimmingASCIIWhitespace()
        guard text.hasPrefix("bytes ") else { return nil }
        let spec = text.dropFirst(6)
        guard let slash = spec.firstIndex(of: "/"), let dash = spec[..<slash].firstIndex(of: "-"),
            let first = spec[..<dash].digitsValue, let last = spec[spec.index(after: dash)..<slash].digitsValue,
            first <= last
        else { return nil }
        let totalText = spec[spec.index(after: slash)...]
        if totalText == "*" {
            total = nil
        } else {
            guard let total = totalText.digitsValue, last < total else { return nil }
            self.total = total
        }
        self.first = first
        self.last = last
    }
}
