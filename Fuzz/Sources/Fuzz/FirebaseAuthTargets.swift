import Foundation
import Networking

@testable import SandboxCore
@testable import SandboxFirebaseAuth

extension FuzzTarget {
    /// One Auth emulator for every input, with few accounts, so that what
    /// the inputs create stays bounded.
    private static let auth = FirebaseAuthEmulator(configuration: .init(maxAccounts: 500))

    /// What the Auth emulator reads from a caller: the first byte picks a
    /// route of its table, the second whether the caller is an
    /// administrator, the rest is the body (JSON or a form). Every answer
    /// is a status the service uses, with a JSON body; the same bytes are
    /// also read as an ID token and a refresh token.
    static let firebaseAuth = FuzzTarget(name: "firebase-auth") { data in
        let bytes = [UInt8](data)
        let routes = FirebaseAuthEmulator.routes.routes
        let route = routes[Int(bytes.first ?? 0) % routes.count]
        let privileged = bytes.count > 1 && bytes[1] & 1 == 1
        let form = bytes.count > 1 && bytes[1] & 2 == 2
        let body = Data(bytes.dropFirst(2))
        let path = route.pattern.description.replacingOccurrences(of: "{project...}", with: "fuzz")
            .replacingOccurrences(of: "{project}", with: "fuzz")
        var headers: HeaderFields = form ? ["Content-Type": "application/x-www-form-urlencoded"] : [:]
        if privileged { headers["Authorization"] = "Bearer owner" }
        let request = SandboxRequest(
            method: route.methods?.first?.rawValue ?? "POST", path: path, rawQuery: privileged ? nil : "key=fuzz",
            headers: headers, body: body)
        let response = blocking { await auth.answer(request) }
        precondition([200, 400, 401, 403, 404, 501].contains(response.status), "status \(response.status)")
        precondition((try? JSON.parse(response.data)) != nil, "an answer that is not JSON")
        let text = String(decoding: body, as: UTF8.self)
        _ = UnsignedJWT.claims(of: text)
        _ = FirebaseAuthTokens.refresh(text)
        _ = FirebaseAuthBody.camelCased(text)
    }
}
