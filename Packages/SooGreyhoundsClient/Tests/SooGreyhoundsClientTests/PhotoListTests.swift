import Foundation
import Models
import Networking
import Sandbox
import SooGreyhoundsClient
import Testing

@Suite("Photo lists")
struct PhotoListTests {
    @Test("The latest photos start with the lesson's four, with the right dates")
    func latestPhotos() async throws {
        let harness = try await Harness()
        let photos = try await harness.client().fetchLatestPhotos()
        #expect(photos.count >= 4)
        let lesson = photos.prefix(4)
        #expect(lesson.map(\.title) == Harness.lessonPhotos.map(\.title))
        #expect(lesson.map { Harness.format($0.dateTaken) } == Harness.lessonPhotos.map(\.taken))
        #expect(photos.first?.photoID == "1")
        #expect(photos.first?.remoteURL.lastPathComponent == "DeMeo_J17_2595.jpg")
    }

    @Test("Every call carries method, api_key, format=json, nojsoncallback=1, and extras for photos")
    func commonParameters() async throws {
        let harness = try await Harness()
        _ = try await harness.client().fetchLatestPhotos(page: 1, perPage: 4)
        // The emulator answered, so the key was the right one; its request
        // log shows the key redacted.
        let query = try #require(await harness.restRequests().first?.rawQuery)
        #expect(!query.contains(Harness.apiKey))
        for item in [
            "method=soogreyhounds.photos.getList", "api_key=REDACTED", "format=json", "nojsoncallback=1",
            "extras=url_h%2Cdate_taken", "per_page=4", "page=1",
        ] {
            #expect(query.contains(item), "\(item) missing from \(query)")
        }
    }

    @Test("The API builds the lesson's URL")
    func lessonURL() throws {
        let url = try #require(
            SooGreyhoundsAPI.lesson.url(for: .latestPhotos, parameters: ["extras": "url_h,date_taken"]))
        #expect(url.host == "api.soogreyhounds.gutty.ca")
        #expect(url.path == "/services/rest")
        let items = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems)
        #expect(items.first { $0.name == "method" }?.value == "soogreyhounds.photos.getList")
        #expect(items.first { $0.name == "extras" }?.value == "url_h,date_taken")
    }

    @Test("Paging asks for per_page photos")
    func paging() async throws {
        let harness = try await Harness()
        let client = harness.client()
        let first = try await client.fetchLatestPhotos(page: 1, perPage: 3)
        let second = try await client.fetchLatestPhotos(page: 2, perPage: 3)
        #expect(first.count == 3)
        #expect(second.count == 3)
        #expect(Set(first.map(\.photoID)).isDisjoint(with: second.map(\.photoID)))
    }

    @Test("Search finds photos by title and tags")
    func search() async throws {
        let harness = try await Harness()
        let photos = try await harness.client().searchPhotos(text: "goalie save")
        #expect(!photos.isEmpty)
        #expect(photos.map(\.title).contains("Calistini_S17_3456"))
        let query = try #require(await harness.restRequests().first?.rawQuery)
        #expect(query.contains("method=soogreyhounds.photos.search"))
        #expect(query.contains("text=goalie%20save"))
    }

    @Test("A wrong API key is the API's error 100, a service failure that says to check the key")
    func wrongKey() async throws {
        let harness = try await Harness()
        await #expect {
            _ = try await harness.client(apiKey: "not-the-key").fetchLatestPhotos()
        } throws: { error in
            guard let error = error as? NetworkError, case .serviceFailure(let failure) = error else { return false }
            return failure.message?.code == "100" && failure.service == .sooGreyhounds
                && error.description.hasSuffix("Check the API key the client is configured with.")
                && !error.description.contains("(200)")
                && failure.message?.message == "Invalid API Key (Key has invalid format)"
                && error.sooGreyhoundsError == .failed(code: 100, message: "Invalid API Key (Key has invalid format)")
                && !error.description.contains("not-the-key")
        }
    }

    @Test("Other API failures keep their code and message")
    func otherFailure() async throws {
        let harness = try await Harness()
        let body = #"{"stat":"fail","code":112,"message":"Method \"x\" not found"}"#
        try harness.sandbox.faults.inject(Fault(path: "/services/rest", status: 200, body: Data(body.utf8)))
        await #expect {
            _ = try await harness.client().fetchLatestPhotos()
        } throws: { error in
            guard let error = error as? NetworkError, case .serviceFailure = error else { return false }
            return error.sooGreyhoundsError == .failed(code: 112, message: "Method \"x\" not found")
        }
    }

    @Test("Photos that cannot be read are skipped")
    func skipsBadPhotos() async throws {
        let harness = try await Harness()
        let body = """
            {"photos":{"page":1,"pages":1,"perpage":100,"total":3,"photo":[
            {"id":"1","title":"Good","datetaken":"2017-01-01 12:32:06","url_h":"https://x.test/a.jpg"},
            {"id":"2","title":"No URL","datetaken":"2017-01-01 12:32:06"},
            {"id":"3","title":"Bad date","datetaken":"yesterday","url_h":"https://x.test/c.jpg"}]}}
            """
        try harness.sandbox.faults.inject(Fault(path: "/services/rest", status: 200, body: Data(body.utf8)))
        let list = try await harness.client().fetchPhotoList(.latestPhotos)
        #expect(list.photos.map(\.title) == ["Good"])
        #expect(list.skipped.map(\.key) == ["1", "2"])
    }

    @Test("When every photo is bad the list fails as invalidJSONData")
    func allBad() async throws {
        let harness = try await Harness()
        let body = #"{"photos":{"page":1,"pages":1,"perpage":100,"total":2,"photo":[{"id":"1"},{"title":"x"}]}}"#
        try harness.sandbox.faults.inject(Fault(path: "/services/rest", status: 200, body: Data(body.utf8)))
        await #expect {
            _ = try await harness.client().fetchLatestPhotos()
        } throws: { error in
            (error as? NetworkError)?.isInvalidJSONData == true
        }
    }

    @Test("An empty page is an empty list, and a jsonFlickrApi(…) wrapper is unwrapped")
    func emptyAndWrapped() async throws {
        let harness = try await Harness()
        let body = #"jsonFlickrApi({"photos":{"page":1,"pages":0,"perpage":100,"total":0,"photo":[]},"stat":"ok"})"#
        try harness.sandbox.faults.inject(Fault(path: "/services/rest", status: 200, body: Data(body.utf8)))
        #expect(try await harness.client().fetchLatestPhotos().isEmpty)
    }

    @Test(
        "Bad responses fail with a clear error and never crash",
        arguments: [
            (200, ""), (200, "not json"), (200, #"{"photos":"none"}"#), (200, "[]"), (200, #"{"stat":"fail"}"#),
            (500, "<html><title>Internal Server Error</title></html>"), (404, "Not Found"),
        ]
    )
    func badResponses(status: Int, body: String) async throws {
        let harness = try await Harness()
        try harness.sandbox.faults.inject(Fault(path: "/services/rest", status: status, body: Data(body.utf8)))
        await #expect(throws: NetworkError.self) {
            _ = try await harness.client().fetchLatestPhotos()
        }
    }

    @Test("The API key is redacted in logs and cURL descriptions")
    func keyRedacted() async throws {
        let harness = try await Harness()
        var client = harness.client()
        let lines = Lines()
        client.http.observers.append(NetworkObserver { lines.append("\($0)") })
        _ = try await client.fetchLatestPhotos()
        #expect(!lines.all.isEmpty)
        #expect(lines.all.allSatisfy { !$0.contains(Harness.apiKey) && $0.contains("api_key=REDACTED") })
        let request = NetworkRequest<Data>.get("").query(client.configuration.queryItems(for: .latestPhotos))
        let curl = try client.http.cURLDescription(for: request)
        #expect(!curl.contains(Harness.apiKey))
    }
}

/// Lines collected from any task.
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    var all: [String] { lock.withLock { lines } }

    func append(_ line: String) {
        lock.withLock { lines.append(line) }
    }
}
