import Foundation
import Models
import Networking
import Testing

@Suite("SooGreyhounds: photos")
struct SooGreyhoundsTests {
    func photo(
        id: String = "1", title: String = "T", date: String = "2017-01-01 12:32:06",
        url: String = "https://x.test/1.jpg"
    )
        -> String
    {
        #"{"id":"\#(id)","owner":"1","title":"\#(title)","datetaken":"\#(date)","url_h":"\#(url)"}"#
    }

    func list(_ photos: [String], total: String = "4") -> Data {
        #"{"photos":{"page":1,"pages":1,"perpage":100,"total":\#(total),"photo":[\#(photos.joined(separator: ","))]}}"#
            .utf8Data
    }

    @Test("The lesson's response gives 4 photos, the first DeMeo_J17_2595 taken 2017-01-01 12:32:06")
    func fixture() throws {
        let data = try Fixture.data("soogreyhounds/latest-photos.json")
        let response = try JSONDecoder.soogreyhounds.decode(PhotosResponse.self, from: data)
        let list = response.photos
        #expect((list.page, list.pages, list.perPage, list.total) == (1, 1, 100, 4))
        #expect(list.skipped.isEmpty)
        #expect(response.stat == nil)
        #expect(
            list.photos.map(\.title) == ["DeMeo_J17_2595", "Caron_S17_3592", "Calistini_S17_3456", "Fowler_J17_2750"])
        let first = try #require(list.photos.first)
        #expect(first.photoID == "1")
        #expect(first.remoteURL.absoluteString == "https://api.soogreyhounds.gutty.ca/DeMeo_J17_2595.jpg")
        #expect(ISO8601.string(from: first.dateTaken) == "2017-01-01T12:32:06Z")
        #expect(try Photo.photos(fromJSON: data).count == 4)
    }

    @Test("datetaken is read in the time zone the decoder is given")
    func timeZones() throws {
        let data = try Fixture.data("soogreyhounds/latest-photos.json")
        let toronto = try #require(TimeZone(identifier: "America/Toronto"))
        let photos = try Photo.photos(fromJSON: data, using: .soogreyhounds(timeZone: toronto))
        #expect(ISO8601.string(from: try #require(photos.first).dateTaken) == "2017-01-01T17:32:06Z")
    }

    @Test("Bad photos are skipped and reported; the good ones stay")
    func lossyList() throws {
        let data = list([
            photo(id: "1"),
            #"{"title":"no id","datetaken":"2017-01-01 12:00:00","url_h":"https://x.test/2.jpg"}"#,
            #"{"id":"3","datetaken":"2017-01-01 12:00:00","url_h":"https://x.test/3.jpg"}"#,
            #"{"id":"4","title":"no date","url_h":"https://x.test/4.jpg"}"#,
            #"{"id":"5","title":"no url","datetaken":"2017-01-01 12:00:00"}"#,
            photo(id: "6", url: "not a url"),
            photo(id: "7", date: "2017-13-01 12:00:00"),
            photo(id: "8", date: "2017-01-01T12:00:00Z"),
            #"{"id":9,"title":"numeric id","datetaken":"2017-01-01 12:00:00","url_h":"https://x.test/9.jpg"}"#,
            photo(id: "10", url: "/relative.jpg"),
            photo(id: "11"),
        ])
        let list = try JSONDecoder.soogreyhounds.decode(PhotosResponse.self, from: data).photos
        #expect(list.photos.map(\.photoID) == ["1", "11"])
        #expect(list.skipped.map(\.key) == ["1", "2", "3", "4", "5", "6", "7", "8", "9"])
        #expect(list.skipped[0].reason == #"id: missing key "id""#)
        #expect(list.skipped[1].reason == #"title: missing key "title""#)
        #expect(list.skipped[2].reason == #"datetaken: missing key "datetaken""#)
        #expect(list.skipped[3].reason == #"url_h: missing key "url_h""#)
        #expect(list.skipped[4].reason == #"url_h: expected an absolute http(s) URL, found "not a url""#)
        #expect(
            list.skipped[5].reason
                == #"datetaken: expected a date formatted yyyy-MM-dd HH:mm:ss, found "2017-13-01 12:00:00""#)
        #expect(list.skipped[6].reason.hasPrefix("datetaken: expected a date formatted"))
        #expect(list.skipped[7].reason.hasPrefix("id: expected String, found"))
        #expect(list.skipped[8].reason == #"url_h: expected an absolute http(s) URL, found "/relative.jpg""#)
    }

    @Test("A non-empty list where no photo decodes is the lesson's invalidJSONData")
    func allBad() throws {
        let data = list([photo(id: "1", url: "nope"), #"{"id":"2"}"#])
        do {
            _ = try Photo.photos(fromJSON: data)
            Issue.record("expected invalidJSONData")
        } catch {
            guard case .decodingFailed(let failure) = error,
                case .invalidJSONData(let skipped) = failure.underlying as? SooGreyhoundsError
            else {
                Issue.record("expected invalidJSONData as the cause, got \(error)")
                return
            }
            #expect(skipped.map(\.key) == ["0", "1"])
            #expect(failure.typeName == "Array<Photo>")
        }
        #expect(
            failure { _ = try Photo.photos(fromJSON: data) }
                == #"invalidJSONData: none of the 2 photos could be read ([0] url_h: expected an absolute http(s) URL, "#
                + #"found "nope"; [1] title: missing key "title")"#)
    }

    @Test("An empty list is an empty success")
    func emptyList() throws {
        #expect(try Photo.photos(fromJSON: list([], total: "0")).isEmpty)
    }

    @Test("Counts may be numeric strings, as Flickr sends them; anything else fails naming the field")
    func counts() throws {
        #expect(
            try JSONDecoder.soogreyhounds.decode(PhotosResponse.self, from: list([photo()], total: #""4""#)).photos
                .total == 4)
        #expect(
            failure { _ = try Photo.photos(fromJSON: list([photo()], total: #""four""#)) }
                == #"photos.total: expected a whole number, found "four""#)
        #expect(
            failure {
                _ = try Photo.photos(fromJSON: #"{"photos":{"page":1,"pages":1,"perpage":100,"photo":[]}}"#.utf8Data)
            }
                == #"photos.total: missing key "total""#)
        #expect(
            failure {
                _ = try Photo.photos(
                    fromJSON: #"{"photos":{"page":1,"pages":1,"perpage":100,"total":0,"photo":{}}}"#.utf8Data)
            }?
            .hasPrefix("photos.photo: expected Array") == true)
    }

    @Test("The API's own failure, the wrong shape, truncated JSON and an empty body fail clearly")
    func badResponses() throws {
        let failed = #"{"stat":"fail","code":100,"message":"Invalid API Key (Key has invalid format)"}"#.utf8Data
        let error = #expect(throws: NetworkError.self) { try Photo.photos(fromJSON: failed) }
        guard case .decodingFailed(let decoding) = error else {
            Issue.record("expected a decoding failure, got \(String(describing: error))")
            return
        }
        #expect(
            decoding.underlying as? SooGreyhoundsError
                == .failed(code: 100, message: "Invalid API Key (Key has invalid format)"))
        #expect(
            failure { _ = try Photo.photos(fromJSON: #"{"stat":"ok"}"#.utf8Data) } == #"photos: missing key "photos""#)
        let truncated = try Fixture.data("soogreyhounds/latest-photos.json").prefix(200)
        #expect(
            failure { _ = try Photo.photos(fromJSON: Data(truncated)) }
                == "the body is not valid JSON (truncated, or not JSON at all)")
        #expect(
            failure { _ = try Photo.photos(fromJSON: Data()) }
                == "the body is not valid JSON (truncated, or not JSON at all)")
    }

    @Test("Photos are equal when their ids are")
    func identity() throws {
        let date = Date(timeIntervalSince1970: 0)
        let url = try #require(URL(string: "https://x.test/1.jpg"))
        let a = Photo(title: "Old", photoID: "1", remoteURL: url, dateTaken: date)
        let b = Photo(title: "New", photoID: "1", remoteURL: url, dateTaken: date.addingTimeInterval(60))
        let c = Photo(title: "Old", photoID: "2", remoteURL: url, dateTaken: date)
        #expect(a == b)
        #expect(a != c)
        #expect(Set([a, b, c]).count == 2)
        #expect(a.id == "1")
    }

    @Test("A response encodes in the API's spelling and decodes back the same")
    func roundTrip() throws {
        let data = try Fixture.data("soogreyhounds/latest-photos.json")
        let response = try JSONDecoder.soogreyhounds.decode(PhotosResponse.self, from: data)
        let encoded = try JSONEncoder.soogreyhounds.encode(response)
        let again = try JSONDecoder.soogreyhounds.decode(PhotosResponse.self, from: encoded)
        #expect(again == response)
        #expect(again.photos.photos.map(\.dateTaken) == response.photos.photos.map(\.dateTaken))
        let first = try #require(response.photos.photos.first)
        #expect(
            try JSONEncoder.soogreyhounds.encode(first).text
                == #"{"datetaken":"2017-01-01 12:32:06","id":"1","title":"DeMeo_J17_2595","#
                + #""url_h":"https://api.soogreyhounds.gutty.ca/DeMeo_J17_2595.jpg"}"#)
    }
}
