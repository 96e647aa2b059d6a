import Foundation
import Networking
import SandboxCore

/// Which providers an email signs in with: the reference's "Fetch providers
/// for email".
extension FirebaseAuthEmulator {
    /// `accounts:createAuthUri` with an email `identifier` and an absolute
    /// `continueUri`: whether the email has an account, and its sign-in
    /// methods (`password` when it has one, its identity providers). Under
    /// email enumeration protection it says nothing, as Firebase does.
    func createAuthURI(_ request: SandboxRequest, _ caller: FirebaseAuthCaller) async throws(FirebaseAuthError)
        -> SandboxResponse
    {
        let body = try FirebaseAuthBody(request)
        guard body.members["providerId"] == nil else {
            throw FirebaseAuthError.notImplemented("Sign-in with an identity provider is not emulated.")
        }
        guard body.members["identifier"] != nil else { throw FirebaseAuthError("MISSING_IDENTIFIER") }
        guard let continueURI = try body.string("continueUri") else { throw FirebaseAuthError("MISSING_CONTINUE_URI") }
        guard let email = try? Self.email(body, "identifier") else {
            throw FirebaseAuthError("INVALID_IDENTIFIER")
        }
        guard let url = URL(string: continueURI), url.scheme != nil, url.host() != nil else {
            throw FirebaseAuthError("INVALID_CONTINUE_URI")
        }
        let sessionId = try body.string("sessionId") ?? String(Self.newCode().prefix(27))
        var answer: [String: JSON] = ["kind": "identitytoolkit#CreateAuthUriResponse", "sessionId": .string(sessionId)]
        guard await !settings.improvedEmailPrivacy else { return .json(200, .object(answer)) }
        var methods: [JSON] = []
        var providers: [JSON] = []
        let account = await accounts.account(email: email)
        if let account {
            if account.hasPassword {
                methods.append("password")
                providers.append("password")
            }
            for provider in account.federatedProviders {
                if let id = provider["providerId"] {
                    methods.append(id)
                    providers.append(id)
                }
            }
        }
        answer["registered"] = .bool(account != nil)
        answer["signinMethods"] = .array(methods)
        answer["allProviders"] = .array(providers)
        return .json(200, .object(answer))
    }
}
