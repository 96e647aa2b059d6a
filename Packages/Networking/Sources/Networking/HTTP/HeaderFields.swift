/// An ordered list of HTTP header fields with case-insensitive names.
///
/// ```swift
/// var headers: HeaderFields = ["Accept": "application/json"]
/// headers["authorization"] = "Bearer \(token)"
/// headers["ACCEPT"]  // "application/json"
/// ```
public struct HeaderFields: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field: a name and its value.
    public struct Field: Sendable, Hashable {
        /// The field name as it was given; comparisons ignore case.
        public var name: String
        /// The field value.
        public var value: String
        /// Whether every ``Redactor`` hides the value, whatever the name, as
        /// a client's credentials are hidden in any request that carries them.
        public var isSecret: Bool

        /// Creates a field.
        public init(name: String, value: String, isSecret: Bool = false) {
            self.name = name
            self.value = value
            self.isSecret = isSecret
        }

        /// Equal name and value: ``isSecret`` says how to show a field, not
        /// what is sent.
        public static func == (lhs: Field, rhs: Field) -> Bool {
            lhs.name == rhs.name && lhs.value == rhs.value
        }

        /// Hashes the name and value.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(value)
        }
    }

    private var storage: Storage

    /// The fields themselves, or a response's fields not yet converted.
    private enum Storage: Sendable {
        case fields([Field])
        case deferred(DeferredHeaderFields)
    }

    /// The fields in order; a deferred list is converted here, once, and a
    /// change makes it a list of its own.
    private var fields: [Field] {
        get {
            switch storage {
            case .fields(let fields): fields
            case .deferred(let deferred): deferred.fields
            }
        }
        _modify {
            var fields = self.fields
            // Held once, so a change is made in place rather than copied.
            storage = .fields([])
            defer { storage = .fields(fields) }
            yield &fields
        }
    }

    /// Creates an empty header list.
    public init() {
        storage = .fields([])
    }

    /// Creates headers from name-value pairs, keeping their order and repeats.
    public init(_ pairs: [(String, String)]) {
        storage = .fields(pairs.map { Field(name: $0.0, value: $0.1) })
    }

    /// Creates headers from fields, keeping their order and repeats.
    init(fields: [Field]) {
        storage = .fields(fields)
    }

    /// Headers of a platform's response, read with `read` (in any order)
    /// on the first need, and sorted by name only when they are all needed
    /// (iterated, counted, compared or changed).
    ///
    /// A response's headers are mostly asked for one name or two
    /// (`Content-Length`, `Location`), and converting URLSession's
    /// `[AnyHashable: Any]` into sorted fields was the largest part of the
    /// SDK's own cost of a small request (issue 68).
    init(deferring read: @escaping @Sendable () -> [Field]) {
        storage = .deferred(DeferredHeaderFields(reading: read))
    }

    /// Creates headers from a dictionary literal.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The first value for `name`, compared without case; setting replaces
    /// every field of that name, and setting `nil` removes them.
    public subscript(name: String) -> String? {
        get {
            if case .deferred(let deferred) = storage { return deferred.value(name) }
            return fields.first { $0.name.caseInsensitiveEquals(name) }?.value
        }
        set {
            guard let newValue else {
                remove(name)
                return
            }
            guard let index = fields.firstIndex(where: { $0.name.caseInsensitiveEquals(name) }) else {
                fields.append(Field(name: name, value: newValue))
                return
            }
            fields[index].value = newValue
            // Later repeats go, so the header ends up with exactly one value.
            var isFirst = true
            fields.removeAll { field in
                guard field.name.caseInsensitiveEquals(name) else { return false }
                defer { isFirst = false }
                return !isFirst
            }
        }
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    /// Whether a field named `name` is present.
    public func contains(_ name: String) -> Bool {
        if case .deferred(let deferred) = storage { return deferred.value(name) != nil }
        return fields.contains { $0.name.caseInsensitiveEquals(name) }
    }

    /// Appends a field, keeping any existing field of the same name.
    public mutating func add(name: String, value: String, isSecret: Bool = false) {
        fields.append(Field(name: name, value: value, isSecret: isSecret))
    }

    /// Makes room for `minimumCapacity` fields, so a caller that knows how
    /// many it adds grows the storage once.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        fields.reserveCapacity(minimumCapacity)
    }

    /// Removes every field named `name`.
    public mutating func remove(_ name: String) {
        // Most calls find nothing: shared storage then stays shared instead
        // of being copied (a response's headers often start as a constant).
        guard contains(name) else { return }
        fields.removeAll { $0.name.caseInsensitiveEquals(name) }
    }

    /// Returns these headers with `other`'s fields set over them.
    public func merging(_ other: HeaderFields) -> HeaderFields {
        var merged = self
        for name in other.names {
            merged.remove(name)
        }
        merged.fields.append(contentsOf: other.fields)
        return merged
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// Iterates over the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    private var names: [String] {
        var seen: Set<String> = []
        return fields.compactMap { seen.insert($0.name.lowercased()).inserted ? $0.name : nil }
    }

    /// The same fields in the same order.
    public static func == (lhs: HeaderFields, rhs: HeaderFields) -> Bool {
        lhs.fields == rhs.fields
    }

    /// Hashes the fields in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fields)
    }
}

/// A response's header fields before they are converted: read from the
/// platform's response once, on the first need, and sorted only when the
/// whole list is asked for.
final class DeferredHeaderFields: Sendable {
    private let read: @Sendable () -> [HeaderFields.Field]
    private let state = LockedState<(unsorted: [HeaderFields.Field]?, sorted: [HeaderFields.Field]?)>((nil, nil))

    /// `read` gives the fields in any order.
    init(reading read: @escaping @Sendable () -> [HeaderFields.Field]) {
        self.read = read
    }

    /// The first value for `name`, compared without case.
    func value(_ name: String) -> String? {
        unsorted.first { $0.name.caseInsensitiveEquals(name) }?.value
    }

    /// Every field, sorted by name without case.
    var fields: [HeaderFields.Field] {
        if let sorted = state.withLock({ $0.sorted }) { return sorted }
        let sorted = unsorted.sorted { $0.name.caseInsensitivePrecedes($1.name) }
        state.withLock { $0.sorted = sorted }
        return sorted
    }

    /// The fields as read, read on the first call (outside the lock: two
    /// first callers may both read, which reads the same fields).
    private var unsorted: [HeaderFields.Field] {
        if let fields = state.withLock({ $0.unsorted }) { return fields }
        let fields = read()
        state.withLock { $0.unsorted = fields }
        return fields
    }
}

extension String {
    /// Compares ASCII letters without case and without allocating, which is
    /// all header names and query keys need.
    func caseInsensitiveEquals(_ other: String) -> Bool {
        let lhs = utf8
        let rhs = other.utf8
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).allSatisfy { $0.asciiLowercased == $1.asciiLowercased }
    }

    /// Orders ASCII names as their lowercased forms would, without
    /// allocating them; header names are ASCII tokens.
    ///
    /// A plain loop: twice as fast as comparing two lazily mapped views,
    /// and every response's headers are sorted with it.
    func caseInsensitivePrecedes(_ other: String) -> Bool {
        var lhs = utf8.makeIterator()
        var rhs = other.utf8.makeIterator()
        while true {
            guard let left = lhs.next() else { return rhs.next() != nil }
            guard let right = rhs.next() else { return false }
            if left.asciiLowercased != right.asciiLowercased {
                return left.asciiLowercased < right.asciiLowercased
            }
        }
    }

    /// The value without the spaces and tabs HTTP allows around it (`OWS`),
    /// without going through Foundation's character sets.
    func trimmingASCIIWhitespace() -> Substring {
        let isWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isWhitespace($0) }), let last = lastIndex(where: { !isWhitespace($0) })
        else { return "" }
        return self[first...last]
    }
}

extension StringProtocol {
    /// The number a field written as ASCII digits only says (RFC 9110's
    /// `1*DIGIT`), or `nil` for anything else: `+5`, `1e3`, `0x10`, an
    /// empty value, or one too large for an `Int`.
    var digitsValue: Int? {
        guard !isEmpty, utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(self)  // safe: ASCII digits only; nil beyond Int.max
    }
}

extension UInt8 {
    var asciiLowercased: UInt8 {
        (0x41...0x5A).contains(self) ? self | 0x20 : self
    }
}
