import Networking

/// An array that keeps the elements that decode and skips the ones that do
/// not, reporting each skipped element and why.
///
/// Lesson 2 warns that bad users of a public API post malformed JSON; one
/// bad post must not blank the whole feed:
///
/// ```swift
/// let photos = try decoder.decode(LossyArray<Photo>.self, from: data)
/// photos.elements   // the good ones, in order
/// photos.skipped    // [SkippedElement(key: "2", reason: "[2].url_h: missing key …")]
/// ```
///
/// Only the elements are lossy: a body that is not an array at all still
/// fails to decode.
public struct LossyArray<Element: Decodable>: Decodable {
    /// The elements that decoded, in their original order.
    public var elements: [Element]
    /// The elements that did not, by index, with the reason.
    public var skipped: [SkippedElement]

    /// Creates a lossy array from already decoded parts.
    public init(elements: [Element], skipped: [SkippedElement] = []) {
        self.elements = elements
        self.skipped = skipped
    }

    /// Decodes every element it can.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        var skipped: [SkippedElement] = []
        if let count = container.count {
            elements.reserveCapacity(count)
        }
        let depth = decoder.codingPath.count
        while !container.isAtEnd {
            let index = container.currentIndex
            switch try container.decode(Attempt<Element>.self).result {
            case .success(let element):
                elements.append(element)
            case .failure(let error):
                skipped.append(SkippedElement(key: String(index), error: error, depth: depth))
            }
        }
        self.elements = elements
        self.skipped = skipped
    }
}

extension LossyArray: Sendable where Element: Sendable {}
extension LossyArray: Equatable where Element: Equatable {}

extension LossyArray: Encodable where Element: Encodable {
    /// Encodes the kept elements as a plain array.
    public func encode(to encoder: any Encoder) throws {
        try elements.encode(to: encoder)
    }
}

extension SkippedElement {
    /// Records `error` from the element at `key` of a collection whose own
    /// coding path is `depth` keys long; the reason's path starts inside the
    /// element, since the key already says which one.
    init(key: String, error: any Error, depth: Int) {
        self.init(key: key, reason: DecodingErrorSummary(error, droppingPrefix: depth + 1).description)
    }
}

/// Decodes a value without throwing, so a collection can move past it.
///
/// Decoding through the single-value container (not `Value(from:)`) keeps the
/// decoder's strategies for dates, data and keys in force.
struct Attempt<Value: Decodable>: Decodable {
    let result: Result<Value, any Error>

    init(from decoder: any Decoder) throws {
        result = Result { try decoder.singleValueContainer().decode(Value.self) }
    }
}
