import Foundation
import SandboxCore

extension SooGreyhoundsEmulator {
    /// Flickr's order of checks: the format (an unknown one answers in
    /// XML), the API key, then the method.
    func rest(_ original: SandboxRequest) -> SandboxResponse {
        let request = Self.withFormParameters(original)
        guard let format = FlickrFormat(request) else {
            return FlickrFormat.rest.failure(
                code: 111, message: "Format \"\(request.query("format") ?? "")\" not found")
        }
        guard let key = request.query("api_key"), configuration.apiKeys.contains(key) else {
            return format.failure(code: 100, message: "Invalid API Key (Key has invalid format)")
        }
        let method = request.query("method") ?? ""
        switch method {
        case "soogreyhounds.photos.getList":
            return format.success("photos", page(of: listedPhotos, request))
        case "soogreyhounds.photos.search":
            let text = (request.query("text") ?? "").trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else {
                return format.failure(
                    code: 3,
                    message:
                        "Parameterless searches have been disabled. Please use soogreyhounds.photos.getList instead.")
            }
            return format.success(
                "photos", page(of: SooGreyhoundsPhotoCatalog.search(listedPhotos, text: text), request))
        default:
            return format.failure(code: 112, message: "Method \"\(method)\" not found")
        }
    }

    /// Flickr takes its parameters from a POSTed form as well as from the
    /// query string; both are read, the query first.
    private static func withFormParameters(_ request: SandboxRequest) -> SandboxRequest {
        guard request.httpMethod == .post, !request.body.isEmpty,
            request.headers["Content-Type"]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true
        else { return request }
        var merged = request
        let form = String(decoding: request.body, as: UTF8.self)
        merged.rawQuery = [request.rawQuery, form].compactMap { $0?.isEmpty == false ? $0 : nil }.joined(separator: "&")
        return merged
    }

    /// `{"page","pages","perpage","total","photo":[…]}`: `per_page` defaults
    /// to 100 and is capped at 500 as on Flickr; a page past the end is
    /// empty.
    private func page(of photos: [SooGreyhoundsPhoto], _ request: SandboxRequest) -> FlickrValue {
        let perPage = min(500, max(1, request.query("per_page").flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 100))
        let page = max(1, request.query("page").flatMap(Int.init) ?? 1)
        let pages = (photos.count + perPage - 1) / perPage
        // Compared before multiplying, so a page like Int.max cannot overflow.
        let start = page - 1 >= photos.count ? photos.count : min(photos.count, (page - 1) * perPage)
        let end = min(photos.count, start + perPage)
        let extras = Set(
            (request.query("extras") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        let base = "http://\(Self.host(request))/images/"
        let listed = photos[start..<end].map { photo -> FlickrValue in
            var members: [(String, FlickrValue)] = [
                ("id", .string(photo.id)), ("owner", .string(photo.owner)), ("title", .string(photo.title)),
            ]
            if extras.contains("date_taken") {
                members.append(("datetaken", .string(photo.dateTaken)))
            }
            if extras.contains("url_h") {
                let file = photo.file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? photo.file
                members.append(("url_h", .string(base + file)))
            }
            return .object(members)
        }
        return .object([
            ("page", .number(page)), ("pages", .number(pages)), ("perpage", .number(perPage)),
            ("total", .number(photos.count)), ("photo", .array(listed)),
        ])
    }

    /// The request's `Host` (so image URLs work on whatever port the
    /// sandbox listens), or `localhost` when it is missing or not a host.
    private static func host(_ request: SandboxRequest) -> String {
        guard let host = request.headers["Host"], !host.isEmpty, host.count <= 255,
            host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-.:[]_".contains($0)) })
        else { return "localhost" }
        return host
    }
}
