import Networking
import SandboxCore

/// Who is asking, read as the official emulator reads it: the Admin SDKs'
/// `Authorization: Bearer owner` (or a Google OAuth access token, `ya29.…`)
/// is an administrator; anyone else needs a web API key (`key=` or
/// `X-Goog-Api-Key`), and any non-empty key is accepted.
struct FirebaseAuthCaller: Sendable {
    /// Whether the request may use the admin API.
    let privileged: Bool
    /// The project the request is for: the path's, or the emulator's.
    let projectId: String

    init(privileged: Bool, projectId: String) {
        self.privileged = privileged
        self.projectId = projectId
    }

    init(_ request: SandboxRequest, project: String?, defaultProject: String) throws(FirebaseAuthError) {
        projectId = project ?? defaultProject
        if let authorization = request.headers["Authorization"] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer",
                parts[1].lowercased() == "owner" || parts[1].hasPrefix("ya29.")
            else {
                throw FirebaseAuthError(
                    status: 401, "Request had invalid authentication credentials.", statusName: "UNAUTHENTICATED",
                    reason: "authError")
            }
            privileged = true
            return
        }
        let key = request.query("key") ?? request.headers["X-Goog-Api-Key"]
        guard let key, !key.isEmpty else { throw FirebaseAuthError.missingAPIKey }
        privileged = false
    }

    /// Refuses a caller that is not an administrator.
    func requireAdministrator() throws(FirebaseAuthError) {
        guard privileged else { throw FirebaseAuthError.missingCredentials }
    }
}
