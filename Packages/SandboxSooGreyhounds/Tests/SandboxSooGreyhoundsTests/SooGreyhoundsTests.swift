import Foundation
import Networking
import SandboxCore
import Testing

@testable import SandboxSooGreyhounds

@Suite("SooGreyhounds: the Flickr-style REST API and its images")
struct SooGreyhoundsTests {
    static let key = SooGreyhoundsEmulator.Configuration.lessonAPIKey
    static let lessonQuery =
        "/services/rest?method=soogreyhounds.photos.getList&api_key=\(key)&format=json&nojsoncallback=1&extras=url_h,date_taken"

    static func get(
        _ sandbox: SooGreyhoundsEmulator, _ target: String, host: String? = "127.0.0.1:8080",
        headers: [String: String] = [:]
    )
        async -> SandboxResponse
    {
        var request = SandboxRequest("GET", target)
        if let host {
            request.headers["Host"] = host
        }
        for (name, value) in headers {
            request.headers[name] = value
        }
        return await sandbox.respond(to: request)
    }

    @Test("getList starts with the lesson's four photos: same ids, owners, titles and dates taken")
    func lessonPhotos() async throws {
        let sandbox = SooGreyhoundsEmulator(configuration: .init())
        let response = await Self.get(sandbox, Self.lessonQuery)
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        let photos = try #require(response.bodyJSON["photos"])
        #expect(photos["page"] == 1)
        #expect(photos["pages"] == 1)
        #expect(photos["perpage"] == 100)
        #expect(photos["total"] == 12)
        #expect(response.bodyJSON["stat"] == nil)
        let list = try #require(photos["photo"]?.arrayValue)
        let fixtureData = try #require(SandboxResources.soogreyhounds.data("soogreyhounds/latest-photos.json"))
        let fixture = try #require(try JSON.parse(fixtureData)["photos"]?["photo"]?.arrayValue)
        for (photo, expected) in zip(list.prefix(4), fixture) {
            for key in ["id", "owner", "title", "datetaken"] {
                #expect(photo[key] == expected[key])
            }
            let title = try #require(expected["title"]?.stringValue)
            #expect(photo["url_h"]?.stringValue == "http://127.0.0.1:8080/images/\(title).jpg")
        }
        #expect(
            response.bodyText.hasPrefix(
                #"{"photos":{"page":1,"pages":1,"perpage":100,"total":12,"photo":[{"id":"1","owner":"1","title":"DeMeo_J17_2595","datetaken":"2017-01-01 12:32:06","url_h":"http://127.0.0.1:8080/images/DeMeo_J17_2595.jpg"},"#
            ))
        let dates = list.compactMap { $0["datetaken"]?.stringValue }
        #expect(dates == dates.sorted(by: >))
        #expect(Set(list.compactMap { $0["id"]?.stringValue }).count == 12)
    }

    @Test("datetaken and url_h appear only when asked for in extras")
    func extras() async throws {
        let sandbox = SooGreyhoundsEmulator(configuration: .init())
        let bare = await Self.get(
            sandbox,
            "/services/rest?method=soogreyhounds.photos.getList&api_key=\(Self.key)&format=json&nojsoncallback=1")
        #expect(
            bare.bodyJSON["photos"]?["photo"]?.arrayValue?.first == [
                "id": "1", "owner": "1", "title": "DeMeo_J17_2595",
            ])
        let dateOnly = await Self.get(
            sandbox,
            "/services/rest?method=soogreyhounds.photos.getList&api_key=\(Self.key)&format=json&nojsoncallback=1&extras=date_taken,owner_name"
        )
        #expect(dateOnly.bodyJSON["photos"]?["photo"]?.arrayValue?.first?["datetaken"] == "2017-01-01 12:32:06")
        #expect(dateOnly.bodyJSON["photos"]?["photo"]?.arrayValue?.first?["url_h"] == nil)
    }

    @Test("url_h follows the Host the request came to")
    func hostInURL() async throws {
        let sandbox = SooGreyhoundsEmulator(configuration: .init())
        let local = await Self.get(sandbox, Self.lessonQuery, host: "localhost:54321")
        #expect(
            local.bodyJSON["photos"]?["photo"]?.arrayValue?.first?["url_h"]
                == "http://localhost:54321/images/DeMeo_J17_2595.jpg")
        let hostile = await Self.get(sandbox, Self.lessonQuery, host: "evil.com/phish?x=")
        #expect(
            hostile.bodyJSON["photos"]?["photo"]?.arrayValue?.first?["url_h"]
                == "http://localhost/images/DeMeo_J17_2595.jpg")
    }

    @Test("page and per_page page through the photos; past the end is empty; per_page is capped at 500")
    func paging() async throws {
        let sandbox = SooGreyhoundsEmulator(configuration: .init())
        var titles: [String] = []
        for page in 1...3 {
            let response = await Self.get(
                sandbox,
                "/services/rest?method=soogreyhounds.photos.getList&api_key=\(Self.key)&format=json&nojsoncallback=1&per_page=5&page=\(page)"
            )
            let photos = response.bodyJSON["photos"]
            #expect(photos?["page"] == .number(Double(page)))
            #expect(photos?["pages"] == 3)
            #expect(photos?["perpage"] == 5)
            #expect(photos?["total"] == 12)
            titles += photos?["photo"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
        }
        #expect(titles == sandbox.photoTitles)
        let past = await Self.get(
            sandbox,
            "/services/rest?method=soogreyhounds.photos.getList&api_key=\(Self.key)&format=json&nojsoncallback=1&per_page=5&page=9"
        )
        #expect(past.bodyJSON["photos"]?["photo"] == [])
        let capped = await Self.get(
            sandbox,
            "/services/rest?method=soogreyhounds.photos.getList&api_key=\(Self.key)&format=json&nojsoncallback=1&per_page=9999&page=x"
        )
        #expect(capped.bodyJSON["photos"]?["perpage"] == 500)
        let huge = await Self.get(
            sandbox,
            "/services/rest?method=soogreyhounds.photos.getList&api_key=\(Self.key)&format=json&nojsoncallback=1&per_page=500&page=\(Int.max)"
        )
        #expect(huge.bodyJSON["photos"]?["photo"] == [])
        #expect(capped.bodyJSON["photos"]?["page"] == 1)
    }

    @Test("search finds photos by title or tag words, ignoring case; an empty search is Flickr's error 3")
    func search() async throws {
        let sandbox = SooGreyhoundsEmulator(configuration: .init())
        func titles(_ text: String) async -> [String] {
            let encoded = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let response = await Self.get(
                sandbox,
                "/services/rest?method=soogreyhounds.photos.search&api_key=\(Self.key)&format=json&nojsoncallback=1&text=\(encoded)"
            )
            return response.bodyJSON["photos"]?["photo"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
        }
        #expect(await titles("demeo") == ["DeMeo_J17_2595"])
        #expect(
            await titles("GOAL") == ["DeMeo_J17_2595", "Calistini_S17_3456", "Okafor_D16_1864", "Bergeron_N16_1433"])
        #expect(await titles("goalie save") == ["Calistini_S17_3456", "Bergeron_N16_1433"])
        #expect(await titles("zamboni") == [])
        let empty = await Self.get(
            sandbox,
            "/services/rest?method=soogreyhounds.photos.search&api_key=\(Self.key)&format=json&nojsoncallback=1")
        #expect(
            empty.bodyText
                == #"{"stat":"fail","code":3,"message":"Parameterless searches have been disabled. Please use soogreyhounds.photos.getList instead."}"#
        )
    }

    @Test("A wrong or missing key is code 100, an unknown method code 112, both with HTTP 200 like Flickr")
    func failures() async throws {
        let sandbox = SooGreyhoundsEmulator(configuration: .init())
        for key in ["wrong", ""] {
            let response = await Self.get(
                sandbox,
                "/services/rest?method=soogreyhounds.photos.getList&api_key=\(key)&format=json&nojsoncallback=1")
            #expect(response.status == 200)
            #expect(
                response.bodyText == #"{"stat":"fail","code":100,"message":"Invalid API Key (Key has invalid format)"}"#
            )
        }
        let missingKey = await Self.get(
            sandbox, "/services/rest?method=soogreyhounds.photos.getList&format=json&nojsoncallback=1")
        #expect(missingKey.bodyJSON["code"] == 100)
        let unknown = await Self.get(
            sandbox, "/services/rest?method=soogreyhounds.photos.nope&api_key=\(Self.key)&format=json&nojsoncallback=1")
        #expect(unknown.status == 200)
        #expect(
            unknown.bodyText
                == #"{"stat":"fail","code":112,"message":"Method \"soogreyhounds.photos.nope\" not found"}"#)
        let noMethod = await Self.get(sandbox, "/services/rest?api_key=\(Self.key)&format=json&nojsoncallback=1")
        #expect(noMethod.bodyText == #"{"stat":"fail","code":112,"message":"Method \"\" not found"}"#)
    }

    @Test("Without nojsoncallback=1 the body is wrapped in jsonFlickrApi(…), or the jsoncallback name")
    func wrapped() async throws {
        let sandbox = SooGreyhoundsEmulator(configuration: .init())
        let query = "/services/rest?method=soogreyhounds.photos.getList&api_key=\(Self.key)&format=json&extras=url_h"
        let response = await Self.get(sandbox, query)
        #expect(response.headers["Content-Type"] == "text/javascript; charset=utf-8")
        #expect(response.bodyText.hasPrefix(#"jsonFlickrApi({"photos":{"page":1,"#))
        #expect(response.bodyText.hasSuffix("]}})"))
        let inner = String(response.bodyText.dropFirst("jsonFlickrApi(".count).dropLast())
        #expect(try JSON.parse(inner)["photos"]?["total"] == 12)
        let failure = await Self.get(
            sandbox, "/services/rest?method=soogreyhounds.photos.getList&api_key=x&format=json")
        #expect(
            failure.bodyText
                == #"jsonFlickrApi({"stat":"fail","code":100,"message":"Invalid API Key (Key has invalid format)"})"#)
        let named = await Self.get(sandbox, query + "&jsoncallback=onPhotos")
        #expect(named.bodyText.hasPrefix("onPhotos({"))
        let unsafe = await Self.get(sandbox, query + "&jsoncallback=alert(1)%3B")
        #expect(unsafe.bodyText.hasPrefix("jsonFlickrApi({"))
    }

    @Test("Without format=json the answer is Flickr's REST XML; an unknown format is code 111")
    func xml() async throws {
        let sandbox = SooGreyhoundsEmulator(configuration: .init())
        let response = await Self.get(
            sandbox,
            "/services/rest?method=soogreyhounds.photos.getList&api_key=\(Self.key)&per_page=2&extras=date_taken")
        #expect(response.headers["Content-Type"] == "text/xml; charset=utf-8")
        #expect(
            response.bodyText == """
                <?xml version="1.0" encoding="utf-8" ?>
                <rsp stat="ok">
                <photos page="1" pages="6" perpage="2" total="12">
                \t<photo id="1" owner="1" title="DeMeo_J17_2595" datetaken="2017-01-01 12:32:06" />
                \t<photo id="2" owner="1" title="Caron_S17_3592" datetaken="2017-01-01 12:22:06" />
                </photos>
                </rsp>

                """)
        let failure = await Self.get(sandbox, "/services/rest?method=soogreyhounds.photos.getList&api_key=x")
        #expect(failure.bodyText.contains(#"<err code="100" msg="Invalid API Key (Key has invalid format)" />"#))
        let format = await Self.get(sandbox, "/services/rest?method=soogreyhounds.photos.getList&api_key=x&format=yaml")
        #expect(format.bodyText.contains(#"<err code="111" msg="Format &quot;yaml&quot; not found" />"#))
    }

    @Test("Parameters may also come in a POSTed form, as Flickr allows")
    func postedForm() async throws {
        let sandbox = SooGreyhoundsEmulator(configuration: .init())
        let body = "method=soogreyhounds.photos.search&api_key=\(Self.key)&format=json&nojsoncallback=1&text=faceoff"
        let response = await sandbox.respond(
            to: SandboxRequest(
                "POST", "/services/rest", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Data(body.utf8)))
        #expect(response.bodyJSON["photos"]?["total"] == 2)
        let notForm = await sandbox.respond(to: SandboxRequest("POST", "/services/rest", body: Data(body.utf8)))
        #expect(notForm.bodyText.contains(#"<err code="100""#))
    }

    @Test("Other paths under /services are 404; a GET of the upload API is 405")
    func otherServices() async throws {
        let sandbox = SooGreyhoundsEmulator(configuration: .init())
        #expect(await Self.get(sandbox, "/services/replace").status == 404)
        #expect(await Self.get(sandbox, "/services/upload").status == 405)
        #expect(await Self.get(sandbox, "/services/rest/extra?method=x").status == 404)
    }

    @Test(
        "Images are real JPEGs under 200 KiB, all different, with Content-Type, Content-Length, ETag and Last-Modified")
    func images() async throws {
        let sandbox = SooGreyhoundsEmulator(configuration: .init())
        let list = await Self.get(sandbox, Self.lessonQuery)
        let urls = list.bodyJSON["photos"]?["photo"]?.arrayValue?.compactMap { $0["url_h"]?.stringValue } ?? []
        #expect(urls.count == 12)
        var etags: Set<String> = []
        var sizes: Set<String> = []
        for url in urls {
            let path = try #require(URL(string: url)?.path)
            let response = await Self.get(sandbox, path)
            #expect(response.status == 200)
            #expect(response.headers["Content-Type"] == "image/jpeg")
            #expect(response.headers["Content-Length"] == String(response.data.count))
            #expect(response.data.count < 200 * 1024)
            #expect(Array(response.data.prefix(3)) == [0xFF, 0xD8, 0xFF])
            #expect(Array(response.data.suffix(2)) == [0xFF, 0xD9])
            let etag = try #require(response.headers["ETag"])
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))
            etags.insert(etag)
            if let size = Self.jpegSize(response.data) {
                sizes.insert("\(size.width)x\(size.height)")
            }
        }
        #expect(etags.count == 12)
        #expect(sizes.contains("1600x1067") && sizes.contains("1024x683") && sizes.contains("800x1200"))
        let first = await Self.get(sandbox, "/images/DeMeo_J17_2595.jpg")
        #expect(first.headers["Last-Modified"] == "Sun, 01 Jan 2017 12:32:06 GMT")
        #expect(Self.jpegSize(first.data).map { "\($0.width)x\($0.height)" } == "1600x1067")
    }

    @Test("If-None-Match and If-Modified-Since give 304 with no body; HEAD has headers only; POST is 405")
    func conditional() async throws {
        let sandbox = SooGreyhoundsEmulator(configuration: .init())
        let path = "/images/Caron_S17_3592.jpg"
        let full = await Self.get(sandbox, path)
        let etag = try #require(full.headers["ETag"])
        let lastModified = try #require(full.headers["Last-Modified"])
        for headers in [
            ["If-None-Match": etag], ["If-None-Match": "W/\(etag)"], ["If-None-Match": "\"other\", \(etag)"],
            ["If-None-Match": "*"], ["If-Modified-Since": lastModified],
            ["If-Modified-Since": "Fri, 01 Jan 2100 00:00:00 GMT"],
        ] {
            let response = await Self.get(sandbox, path, headers: headers)
            #expect(response.status == 304, "\(headers)")
            #expect(response.data.isEmpty)
            #expect(response.headers["ETag"] == etag)
            #expect(response.headers["Last-Modified"] == lastModified)
        }
        for headers in [
            ["If-None-Match": "\"other\""], ["If-Modified-Since": "Sat, 01 Jan 2000 00:00:00 GMT"],
            ["If-Modified-Since": "yesterday"], ["If-None-Match": "\"other\"", "If-Modified-Since": lastModified],
            ["If-Modified-Since": "Sun, 99999999999999 Jan 2017 12:32:06 GMT"],
            ["If-Modified-Since": "Sun, 01 Jan 99999999999 99:99:99 GMT"],
        ] {
            let response = await Self.get(sandbox, path, headers: headers)
            #expect(response.status == 200, "\(headers)")
            #expect(response.data == full.data)
        }
        let head = await sandbox.respond(to: SandboxRequest("HEAD", path))
        #expect(head.status == 200)
        #expect(head.data.isEmpty)
        #expect(head.headers["Content-Length"] == String(full.data.count))
        let post = await sandbox.respond(to: SandboxRequest("POST", path))
        #expect(post.status == 405)
        #expect(post.headers["Allow"] == "GET, HEAD")
    }

    @Test(
        "Paths cannot leave the image folder: .. in any spelling is a 404, a NUL a 400",
        arguments: [
            "/images/../Package.swift", "/images/%2e%2e/%2e%2e/Package.swift", "/images/..%2fphotos.json",
            "/images/%2E%2E%2Fphotos.json", "/images/..%2F..%2F..%2F..%2Fetc%2Fpasswd",
            "/images/%252e%252e%252fphotos.json",
            "/images/photos.json", "/images/", "/images", "/images/DeMeo_J17_2595.jpg/..",
            "/images/./DeMeo_J17_2595.jpg",
            "/images/DeMeo_J17_2595.jpg%00.png", "/images/demeo_j17_2595.jpg", "/images/..\\photos.json",
        ]
    )
    func traversal(path: String) async throws {
        let sandbox = SooGreyhoundsEmulator(configuration: .init())
        // A NUL is refused before any file is looked for, as the Sandbox
        // refuses it before any emulator answers.
        let response = await sandbox.answer(SandboxRequest("GET", path))
        #expect(response.status == (path.contains("%00") ? 400 : 404))
        #expect(!response.data.starts(with: [0xFF, 0xD8]))
    }

    /// Width and height from a JPEG's start-of-frame marker.
    static func jpegSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data)
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
                return (width, height)
            }
            index += 2 + length
        }
        return nil
    }
}
