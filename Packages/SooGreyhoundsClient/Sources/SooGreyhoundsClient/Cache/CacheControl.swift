import Foundation
import Networking

/// The parts of a response's `Cache-Control` that decide how long an image
/// may be reused.
struct CacheControl: Sendable, Hashable {
    var maxAge: Duration?
    var noCache = false
    var noStore = false

    init(_ headers: HeaderFields) {
        for directive in headers.values(for: "Cache-Control").joined(separator: ",").split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            switch parts.first {
            case "max-age":
                if parts.count == 2,
                    let seconds = Int(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))),
                    seconds >= 0
                {
                    maxAge = .seconds(seconds)
                }
            case "no-cache":
                noCache = true
            case "no-store":
                noStore = true
            default:
                continue
            }
        }
    }

    /// How long to reuse the bytes under `freshness`; `nil` when they must
    /// not be stored at all.
    func lifetime(under freshness: ImageCache.Freshness) -> Duration? {
        switch freshness {
        case .fixed(let duration):
            return duration
        case .server(let fallback):
            if noStore { return nil }
            if noCache { return .zero }
            return maxAge ?? fallback
        }
    }
}
