import Foundation

/// Post keys are UUIDs; Firebase keeps whatever spelling was written.
enum UUIDKey {
    /// The key as `UUID.uuidString` spells it, or as it is if not a UUID.
    static func normalised(_ key: String) -> String {
        UUID(uuidString: key)?.uuidString ?? key
    }
}
