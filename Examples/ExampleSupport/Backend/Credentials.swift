import Foundation
import Sandbox

/// The secrets each lesson's API needs. They are only ever sent where the
/// clients send them (headers where the API allows) and never printed.
public struct Credentials: Sendable {
    /// Airtable's personal access token (`AIRTABLE_TOKEN`).
    public var airtableToken: String
    /// Airtable's base id (`AIRTABLE_BASE_ID`).
    public var airtableBaseID: String
    /// A Firebase ID token or database secret (`FIREBASE_AUTH`), if any.
    public var firebaseAuth: String?
    /// The SooGreyhounds API key (`SOOGREYHOUNDS_API_KEY`).
    public var sooGreyhoundsAPIKey: String

    /// The sandbox's own: its default Airtable token and the lessons' base
    /// and key. None of them is a secret.
    public static let sandbox = Credentials(
        airtableToken: AirtableEmulator.Configuration.defaultToken,
        airtableBaseID: AirtableEmulator.lessonBaseID,
        firebaseAuth: nil,
        sooGreyhoundsAPIKey: SooGreyhoundsEmulator.Configuration.lessonAPIKey
    )

    /// Creates credentials.
    public init(airtableToken: String, airtableBaseID: String, firebaseAuth: String?, sooGreyhoundsAPIKey: String) {
        self.airtableToken = airtableToken
        self.airtableBaseID = airtableBaseID
        self.firebaseAuth = firebaseAuth
        self.sooGreyhoundsAPIKey = sooGreyhoundsAPIKey
    }

    /// Reads the environment (then `.env`); anything unset falls back to the
    /// sandbox's value, so `--base-url` at a running `make sandbox` needs no
    /// setup.
    public init(environment: DotEnv) {
        let sandbox = Credentials.sandbox
        self.init(
            airtableToken: environment["AIRTABLE_TOKEN"] ?? sandbox.airtableToken,
            airtableBaseID: environment["AIRTABLE_BASE_ID"] ?? sandbox.airtableBaseID,
            firebaseAuth: environment["FIREBASE_AUTH"],
            sooGreyhoundsAPIKey: environment["SOOGREYHOUNDS_API_KEY"] ?? sandbox.sooGreyhoundsAPIKey
        )
    }
}
