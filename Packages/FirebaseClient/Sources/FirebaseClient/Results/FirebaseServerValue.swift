import Networking

/// Placeholders the server replaces when it stores a write, so the value
/// does not depend on the device's clock or on a read-modify-write race.
///
/// ```swift
/// try await firebase.put(FirebaseServerValue.timestamp, at: "posts/\(id)/serverTime")
/// try await firebase.update(["counters/likes": FirebaseServerValue.increment(1)])
/// ```
public enum FirebaseServerValue {
    /// The server's time in milliseconds since 1970 (`{".sv": "timestamp"}`).
    public static let timestamp: JSON = [".sv": "timestamp"]

    /// The stored number plus `delta`, atomically (`{".sv": {"increment": delta}}`).
    public static func increment(_ delta: Double) -> JSON {
        [".sv": ["increment": .number(delta)]]
    }
}
