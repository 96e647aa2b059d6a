import Foundation
import Sandbox
import SandboxServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("SooGreyhounds over HTTP: REST calls and the image route")
struct SooGreyhoundsHTTPTests {
    static let key = SooGreyhoundsEmulator.Configuration.lessonAPIKey
    static let lessonQuery =
        "/services/rest?method=soogreyhounds.photos.getList&api_key=\(key)&format=json&nojsoncallback=1&extras=url_h,date_taken"

    @Test("The lesson's getList: its four photos first, url_h on this server's own host and port")
    func lessonList() async throws {
        try await AirtableHTTP.withServer { server in
            let response = try await HTTP.send("GET", HTTP.url(server.baseURL, Self.lessonQuery))
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json; charset=utf-8")
            let photos = try #require(response.bodyJSON["photos"]?["photo"]?.arrayValue)
            #expect(
                photos.prefix(4).compactMap { $0["title"]?.stringValue } == [
                    "DeMeo_J17_2595", "Caron_S17_3592", "Calistini_S17_3456", "Fowler_J17_2750",
                ])
            #expect(photos.first?["datetaken"] == "2017-01-01 12:32:06")
            let host = try #require(server.baseURL.host)
            #expect(
                photos.first?["url_h"]?.stringValue == "http://\(host):\(server.port)/images/DeMeo_J17_2595.jpg")
            #expect(
                response.text.hasPrefix(
                    #"{"photos":{"page":1,"pages":1,"perpage":100,"total":12,"photo":[{"id":"1","owner":"1","title":"DeMeo_J17_2595","datetaken":"2017-01-01 12:32:06","url_h":"http://"#
                ))
        }
    }

    @Test("Paging, search, Flickr's failures with HTTP 200, and the jsonFlickrApi wrapper")
    func restBehaviour() async throws {
        try await AirtableHTTP.withServer { server in
            let page = try await HTTP.send(
                "GET",
                HTTP.url(
                    server.baseURL,
                    "/services/rest?method=soogreyhounds.photos.getList&api_key=\(Self.key)&format=json&nojsoncallback=1&per_page=5&page=3"
                ))
            #expect(page.bodyJSON["photos"]?["photo"]?.arrayValue?.count == 2)
            #expect(page.bodyJSON["photos"]?["pages"] == 3)
            let search = try await HTTP.send(
                "GET",
                HTTP.url(
                    server.baseURL,
                    "/services/rest?method=soogreyhounds.photos.search&api_key=\(Self.key)&format=json&nojsoncallback=1&text=goalie"
                ))
            #expect(search.bodyJSON["photos"]?["total"] == 2)
            let wrongKey = try await HTTP.send(
                "GET",
                HTTP.url(
                    server.baseURL,
                    "/services/rest?method=soogreyhounds.photos.getList&api_key=nope&format=json&nojsoncallback=1"))
            #expect(wrongKey.status == 200)
            #expect(
                wrongKey.text == #"{"stat":"fail","code":100,"message":"Invalid API Key (Key has invalid format)"}"#)
            let unknown = try await HTTP.send(
                "GET",
                HTTP.url(
                    server.baseURL,
                    "/services/rest?method=soogreyhounds.nope&api_key=\(Self.key)&format=json&nojsoncallback=1"))
            #expect(unknown.status == 200)
            #expect(unknown.text == #"{"stat":"fail","code":112,"message":"Method \"soogreyhounds.nope\" not found"}"#)
            let wrapped = try await HTTP.send(
                "GET",
                HTTP.url(
                    server.baseURL, "/services/rest?method=soogreyhounds.photos.getList&api_key=\(Self.key)&format=json"
                ))
            #expect(wrapped.header("Content-Type") == "text/javascript; charset=utf-8")
            #expect(wrapped.text.hasPrefix("jsonFlickrApi({\"photos\":{"))
            #expect(wrapped.text.hasSuffix("})"))
            let wrappedFailure = try await HTTP.send(
                "GET",
                HTTP.url(server.baseURL, "/services/rest?method=soogreyhounds.photos.getList&api_key=nope&format=json"))
            #expect(
                wrappedFailure.text
                    == #"jsonFlickrApi({"stat":"fail","code":100,"message":"Invalid API Key (Key has invalid format)"})"#
            )
            let xml = try await HTTP.send(
                "GET",
                HTTP.url(
                    server.baseURL, "/services/rest?method=soogreyhounds.photos.getList&api_key=\(Self.key)&per_page=1")
            )
            #expect(xml.header("Content-Type") == "text/xml; charset=utf-8")
            #expect(xml.text.contains(#"<photo id="1" owner="1" title="DeMeo_J17_2595" />"#))
        }
    }

    @Test("Every url_h downloads a JPEG with Content-Type, Content-Length, ETag and Last-Modified")
    func images() async throws {
        try await AirtableHTTP.withServer { server in
            let list = try await HTTP.send("GET", HTTP.url(server.baseURL, Self.lessonQuery))
            let urls = list.bodyJSON["photos"]?["photo"]?.arrayValue?.compactMap { $0["url_h"]?.stringValue } ?? []
            #expect(urls.count == 12)
            var etags: Set<String> = []
            for text in urls {
                let url = try #require(URL(string: text))
                let image = try await HTTP.send("GET", url)
                #expect(image.status == 200)
                #expect(image.header("Content-Type") == "image/jpeg")
                #expect(image.header("Content-Length") == String(image.body.count))
                #expect(image.body.count < 200 * 1024)
                #expect(Array(image.body.prefix(3)) == [0xFF, 0xD8, 0xFF])
                #expect(image.header("Last-Modified")?.hasSuffix(" GMT") == true)
                etags.insert(image.header("ETag") ?? "")
            }
            #expect(etags.count == 12)
        }
    }

    @Test("If-None-Match and If-Modified-Since answer 304 without a body; HEAD gives the headers")
    func conditional() async throws {
        try await AirtableHTTP.withServer { server in
            let path = "/images/Fowler_J17_2750.jpg"
            let full = try await HTTP.send("GET", HTTP.url(server.baseURL, path))
            let etag = try #require(full.header("ETag"))
            let lastModified = try #require(full.header("Last-Modified"))
            for header in ["If-None-Match: \(etag)", "If-Modified-Since: \(lastModified)"] {
                let response = try await AirtableHTTP.raw(server.port, "GET", path, headers: [header])
                #expect(response.status == 304, "\(header)")
                #expect(response.text.contains("\r\n\r\n") && response.text.hasSuffix("\r\n\r\n"))
                #expect(response.text.lowercased().contains("etag: \(etag.lowercased())"))
            }
            let changed = try await AirtableHTTP.raw(server.port, "GET", path, headers: ["If-None-Match: \"other\""])
            #expect(changed.status == 200)
            let head = try await AirtableHTTP.raw(server.port, "HEAD", path)
            #expect(head.status == 200)
            #expect(head.text.lowercased().contains("content-length: \(full.body.count)"))
            #expect(head.text.hasSuffix("\r\n\r\n"))
        }
    }

    @Test(
        "Paths cannot escape the image folder, encoded or not",
        arguments: [
            "/images/../Package.swift", "/images/%2e%2e/%2e%2e/Package.swift", "/images/..%2fphotos.json",
            "/images/%2E%2E%2F%2E%2E%2FPackage.swift", "/images/photos.json", "/images/%252e%252e%252fphotos.json",
            "/images/..%5cphotos.json",
        ]
    )
    func traversal(path: String) async throws {
        try await AirtableHTTP.withServer { server in
            let response = try await AirtableHTTP.raw(server.port, "GET", path)
            #expect(response.status == 404)
            #expect(!response.text.contains("JFIF"))
            let still = try await HTTP.send("GET", HTTP.url(server.baseURL, "/images/DeMeo_J17_2595.jpg"))
            #expect(still.status == 200)
        }
    }
}
