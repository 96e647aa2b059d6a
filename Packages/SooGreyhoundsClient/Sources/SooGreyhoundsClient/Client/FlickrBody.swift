import Foundation
import Models
import Networking

/// Reading a response the way Flickr-style services write it: failures
/// come as `{"stat":"fail","code":…,"message":…}` with HTTP 200, and a
/// caller that forgets `nojsoncallback=1` gets `jsonFlickrApi(…)` around
/// the JSON.
enum FlickrBody {
    private struct Status: Decodable {
        var stat: String?
    }

    /// The JSON inside a `jsonFlickrApi(…)` wrapper, or the body as it is.
    static func unwrapped(_ body: Data) -> Data {
        let prefix = Data("jsonFlickrApi(".utf8)
        var trimmed = body
        while let last = trimmed.last,
            last == UInt8(ascii: "\n") || last == UInt8(ascii: " ") || last == UInt8(ascii: ";")
        {
            trimmed.removeLast()
        }
        guard trimmed.starts(with: prefix), trimmed.last == UInt8(ascii: ")") else { return body }
        return Data(trimmed.dropFirst(prefix.count).dropLast())
    }

    /// Throws the API's own failure, if the body is one: code 100 (invalid
    /// key) and 98 (invalid token) as `unauthenticated`, 99 (no permission)
    /// as `forbidden`, any other code as `httpStatus`, each with the code
    /// and message as its server message.
    static func checkFailure(_ response: TransportResponse, body: Data, url: String) throws(NetworkError) {
        guard (try? JSONDecoder().decode(Status.self, from: body))?.stat == "fail" else { return }
        let parsed = ServerMessage.parse(body)
        let message = ServerMessage(
            code: parsed?.code ?? "0", message: parsed?.message ?? "The API reported a failure")
        throw failure(message, response: response, method: .get, url: url)
    }

    /// The error for the API's failure `message`: code 100 (invalid key)
    /// and 98 (invalid token) as `unauthenticated`, 99 (no permission) as
    /// `forbidden`, any other code as `httpStatus`.
    static func failure(_ message: ServerMessage, response: TransportResponse, method: HTTPMethod, url: String)
        -> NetworkError
    {
        let failure = HTTPFailure(
            status: response.status, method: method, url: url, message: message, headers: response.headers,
            body: response.body)
        switch Int(message.code ?? "") {
        case 98, 100: return .unauthenticated(failure)
        case 99: return .forbidden(failure)
        default: return .httpStatus(failure)
        }
    }

    /// The page of photos in a successful body, or the lesson's
    /// `invalidJSONData` as a decoding failure at `photos.photo` when the
    /// page has photos and none can be read.
    static func photoList(_ body: Data, using decoder: JSONDecoder) throws -> PhotoList {
        do {
            return try decoder.decode(PhotosResponse.self, from: body).photos
        } catch let error as SooGreyhoundsError {
            var failure = DecodingFailure(error, decoding: PhotoList.self, body: body)
            failure.codingPath = invalidJSONDataPath
            throw NetworkError.decodingFailed(failure)
        }
    }

    /// Where an `invalidJSONData` failure points.
    static let invalidJSONDataPath = "photos.photo"
}
