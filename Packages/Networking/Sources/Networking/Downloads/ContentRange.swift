/// A `Content-Range: bytes first-last/total` header of a `206` answer
/// (RFC 9110 §14.4), read strictly: digits only, at most 18 of them.
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
            let first = Self.number(spec[..<dash]), let last = Self.number(spec[spec.index(after: dash)..<slash]),
            first <= last
        else { return nil }
        let totalText = spec[spec.index(after: slash)...]
        if totalText == "*" {
            total = nil
        } else {
            guard let total = Self.number(totalText), last < total else { return nil }
            self.total = total
        }
        self.first = first
        self.last = last
    }

    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 18,
            text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return Int(text)  // safe: at most 18 ASCII digits
    }
}
