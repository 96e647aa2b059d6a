import Foundation

/// Who may use the admin routes and the console: callers on this machine
/// (or anyone, with ``SandboxConfiguration/allowsRemoteAdmin``), and never a
/// web page on another site.
///
/// A browser on this machine is a local caller, so a page from anywhere
/// could otherwise post faults to `http://127.0.0.1:PORT/__sandbox/faults`
/// (a form or a `text/plain` fetch needs no preflight), or, by pointing a
/// name it controls at 127.0.0.1 (DNS rebinding), read the console's
/// credentials. So: a browser's request (browsers send `Sec-Fetch-Site`)
/// must be addressed to a loopback name or an IP address, which no one can
/// rebind, and a request that says where it comes from (`Origin`,
/// `Sec-Fetch-Site`) must come from the sandbox itself. Tools that send
/// neither (curl, tests, scripts) may use any name for this machine.
struct AdminRequestGuard {
    let allowsRemote: Bool

    /// The 403 for a caller that may not use the admin routes at all.
    func refusal(of request: SandboxRequest) -> SandboxResponse? {
        guard request.isLocal || allowsRemote else {
            return Self.forbidden(
                "The admin routes answer local requests only (sandbox --allow-remote-admin to change it).")
        }
        let fromBrowser = request.headers["Sec-Fetch-Site"] != nil
        guard allowsRemote || !fromBrowser || request.headers["Host"].map(Self.isLocalHost) ?? true else {
            return Self.forbidden(
                "The admin routes answer requests addressed to localhost or an IP address only.")
        }
        return nil
    }

    /// The 403 for a request a page on another site made.
    func crossSiteRefusal(of request: SandboxRequest) -> SandboxResponse? {
        let site = request.headers["Sec-Fetch-Site"]?.lowercased()
        let origin = request.headers["Origin"]
        let sameOrigin = origin.map { origin in
            request.headers["Host"].map { origin.caseInsensitiveCompare("http://" + $0) == .orderedSame } ?? false
        }
        guard site != "cross-site", site != "same-site", sameOrigin ?? true else {
            return Self.forbidden("The admin routes do not answer requests from other web pages.")
        }
        return nil
    }

    /// `localhost`, a name under `.localhost`, an IP address (which no one
    /// can rebind), or the in-process transport's `sandbox.local`; with or
    /// without a port.
    static func isLocalHost(_ host: String) -> Bool {
        let name = hostName(host).lowercased()
        if name == "localhost" || name.hasSuffix(".localhost") || name == Sandbox.baseURL.host {
            return true
        }
        if name.hasPrefix("[") { return name.hasSuffix("]") }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in UInt8(part) != nil }
    }

    /// The host without its port: `[::1]:80` → `[::1]`, `a:80` → `a`.
    private static func hostName(_ host: String) -> Substring {
        if host.hasPrefix("["), let end = host.firstIndex(of: "]") {
            return host[...end]
        }
        return host.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    }

    private static func forbidden(_ message: String) -> SandboxResponse {
        .json(403, ["error": .string(message)])
    }
}
