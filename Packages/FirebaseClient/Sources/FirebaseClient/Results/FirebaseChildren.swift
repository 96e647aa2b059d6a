import Networking

/// The children a query returned, in the query's order, with the ones that
/// did not decode set aside.
///
/// Public databases (like the lessons') hold whatever anyone wrote, so one
/// malformed child is reported in ``skipped`` rather than failing the rest.
///
/// ```swift
/// let posts = try await firebase.query("posts", .orderByChild("timestamp").limitToLast(15), as: Post.Body.self)
/// for child in posts.reversed() { print(child.key, child.value.text) }  // newest first
/// posts.skipped  // [SkippedElement(key: "bad", reason: "text: missing key \"text\"")]
/// ```
public struct FirebaseChildren<Value: Sendable>: Sendable, RandomAccessCollection {
    /// The children that decoded, in the query's order.
    public var children: [FirebaseChild<Value>]
    /// The children that did not, by key, with the reason.
    public var skipped: [SkippedElement]

    /// Creates a result.
    public init(children: [FirebaseChild<Value>] = [], skipped: [SkippedElement] = []) {
        self.children = children
        self.skipped = skipped
    }

    /// The keys, in order.
    public var keys: [String] { children.map(\.key) }
    /// The values, in order.
    public var values: [Value] { children.map(\.value) }

    /// The position of the first child.
    public var startIndex: Int { children.startIndex }
    /// The position after the last child.
    public var endIndex: Int { children.endIndex }
    /// The child at `position`.
    public subscript(position: Int) -> FirebaseChild<Value> { children[position] }
}

extension FirebaseChildren: Equatable where Value: Equatable {}
