import Foundation
import Networking

extension FirebaseClient {
    /// The database's security rules as saved, comments included
    /// (`GET /.settings/rules.json`). Only an administrator may read them:
    /// an OAuth access token or the database secret, or against an emulator
    /// `.accessToken("owner")`.
    ///
    /// ```swift
    /// let admin = FirebaseClient(databaseURL: url, namespace: "devmtn-post", credentials: .accessToken("owner"))
    /// print(try await admin.rules())
    /// ```
    public func rules() async throws(NetworkError) -> String {
        let data = try await http.send(request(.get, ".settings/rules", as: Data.self))
        return String(decoding: data, as: UTF8.self)
    }

    /// The rules as JSON, comments stripped (`format=strict`).
    public func rulesJSON() async throws(NetworkError) -> JSON {
        try await http.send(request(.get, ".settings/rules", as: JSON.self).query("format", "strict"))
    }

    /// Replaces the database's security rules with `source`, the text of a
    /// rules file (`{"rules": {…}}`, comments allowed). Rules the database
    /// refuses throw ``/Networking/NetworkError/httpStatus(_:)`` with a `400`
    /// whose message names the line, the column and the problem.
    public func setRules(_ source: String) async throws(NetworkError) {
        _ = try await http.send(
            request(.put, ".settings/rules", as: Data.self).body(Data(source.utf8), contentType: "application/json"))
    }
}
