/// One child of a location: its key and its value.
public struct FirebaseChild<Value: Sendable>: Sendable {
    /// The child's key: a push id, a UUID, or any name.
    public var key: String
    /// The child's value.
    public var value: Value

    /// Creates a child.
    public init(key: String, value: Value) {
        self.key = key
        self.value = value
    }
}

extension FirebaseChild: Equatable where Value: Equatable {}
extension FirebaseChild: Hashable where Value: Hashable {}
