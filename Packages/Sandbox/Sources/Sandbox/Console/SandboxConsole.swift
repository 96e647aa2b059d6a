import Foundation
import Networking

/// The browser console: plain HTML, CSS and JavaScript shipped in the
/// package's resources (no CDN, no fonts, no build step), served at
/// `/__sandbox/console/` behind the same rules as the admin routes.
///
/// It is an ordinary client of the emulators (the Firebase tree follows the
/// database's own event stream, edits are REST calls, the Airtable grid uses
/// the Web API with the sandbox's token) and of the admin routes (the
/// request log, faults). The server does nothing for it while no page is
/// open: the log it reads is the one the Sandbox always keeps.
public enum SandboxConsole {
    /// Where the console is served: `/__sandbox/console/`.
    public static let path = "/__sandbox/console/"

    /// The console's files by name, read once: a handful of small files.
    private static let assets: [String: Data] = {
        guard let folder = SandboxResources.folder?.appending(path: "console", directoryHint: .isDirectory),
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return [:] }
        var assets: [String: Data] = [:]
        for name in names where contentTypes[(name as NSString).pathExtension] != nil {
            assets[name] = try? Data(contentsOf: folder.appending(path: name, directoryHint: .notDirectory))
        }
        return assets
    }()

    private static let contentTypes = [
        "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml",
    ]

    /// The headers every console file carries: scripts and styles from this
    /// server only (data the pages show can never run as code), no framing
    /// by other pages, and a referrer only to this server, which is how the
    /// request log knows the console's own requests.
    private static let securityHeaders: HTTPHeaders = [
        "Content-Security-Policy":
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        "X-Content-Type-Options": "nosniff",
        "X-Frame-Options": "DENY",
        "Referrer-Policy": "same-origin",
        "Cache-Control": "no-cache",
    ]

    /// The file `name` (`""` for `index.html`), for GET and HEAD.
    static func asset(named name: String, method: String) -> SandboxResponse {
        guard method == "GET" || method == "HEAD" else {
            return SandboxResponse(status: 405, headers: ["Allow": "GET, HEAD"])
        }
        let file = name.isEmpty ? "index.html" : name
        guard let data = assets[file], let type = contentTypes[(file as NSString).pathExtension] else {
            return .text(404, "No console file \(file).")
        }
        return SandboxResponse(
            status: 200, headers: securityHeaders.merging(["Content-Type": type]), body: .data(data))
    }

    /// Whether the console's files are in the bundle (a broken install
    /// would serve 404s).
    public static var isAvailable: Bool {
        assets["index.html"] != nil
    }
}
