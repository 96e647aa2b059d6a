/// How a ``Sandbox`` is set up: each emulator's settings, and whether to
/// start from the lessons' seed data again.
public struct SandboxConfiguration: Sendable {
    /// The Firebase Realtime Database emulator's settings.
    public var firebase: FirebaseEmulator.Configuration
    /// The Firebase Authentication emulator's settings.
    public var firebaseAuth: FirebaseAuthEmulator.Configuration
    /// The Airtable emulator's settings.
    public var airtable: AirtableEmulator.Configuration
    /// The SooGreyhounds emulator's settings.
    public var soogreyhounds: SooGreyhoundsEmulator.Configuration
    /// Whether to erase stored data and seed the lessons' data again.
    public var reset: Bool

    /// Creates a configuration; the defaults are the lessons' setup.
    public init(
        firebase: FirebaseEmulator.Configuration = .init(),
        firebaseAuth: FirebaseAuthEmulator.Configuration = .init(),
        airtable: AirtableEmulator.Configuration = .init(),
        soogreyhounds: SooGreyhoundsEmulator.Configuration = .init(),
        reset: Bool = false
    ) {
        self.firebase = firebase
        self.firebaseAuth = firebaseAuth
        self.airtable = airtable
        self.soogreyhounds = soogreyhounds
        self.reset = reset
    }
}
