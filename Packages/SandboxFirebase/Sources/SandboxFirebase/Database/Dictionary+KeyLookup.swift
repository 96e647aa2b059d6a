import Foundation

extension Dictionary where Key == String {
    /// Where `key` is. A dictionary of at most `scanLimit` members is
    /// searched by comparing keys in turn, which is quicker than hashing
    /// `key` for the few members most objects have; a larger one by hashing.
    /// `matches` says whether a stored key is `key`, and is checked after a
    /// hashed find too, so that both ways find the same members.
    func index(ofKey key: String, scanningUpTo scanLimit: Int, matching matches: (String, String) -> Bool) -> Index? {
        guard count <= scanLimit else {
            return index(forKey: key).flatMap { matches(keys[$0], key) ? $0 : nil }
        }
        var position = startIndex
        while position != endIndex {
            if matches(keys[position], key) { return position }
            formIndex(after: &position)
        }
        return nil
    }
}
