extension String {
    /// Whether `other` names the same key, query item or member as this
    /// string: byte counts are compared first, which settles most different
    /// names without comparing their text (a handler asks a request for a
    /// dozen query names it does not have; a rule looks members up by name
    /// in small objects).
    ///
    /// Names of different UTF-8 lengths never match, even when Unicode
    /// calls them canonically equivalent (`é` as one scalar or as `e` and a
    /// combining accent): the services compare names code unit by code
    /// unit, not as Swift's `==` does.
    @inlinable
    public func isSameKey(as other: String) -> Bool {
        utf8.count == other.utf8.count && self == other
    }
}
