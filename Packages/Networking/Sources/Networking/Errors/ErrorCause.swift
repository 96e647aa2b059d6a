/// The platform's error behind a failure, carried for logs and bug reports
/// but neither compared nor hashed: two failures that say the same thing
/// are equal whatever raised them. A failure stores one, so its `==` and
/// `hash(into:)` stay synthesized.
struct ErrorCause: Sendable, Hashable {
    let error: (any Error)?

    init(_ error: (any Error)?) {
        self.error = error
    }

    static func == (_: ErrorCause, _: ErrorCause) -> Bool { true }

    func hash(into _: inout Hasher) {}
}
