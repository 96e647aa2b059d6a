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

    /// Throws the API's own failure, if the body is one, as
    /// ``/Networking/NetworkError/serviceFailure(_:)`` with the code and
    /// message as its server message.
    static func checkFailure(_ response: TransportResponse, body: Data, url: String) throws(NetworkError) {
        guard (try? JSONDecoder().decode(Status.self, from: body))?.stat == "fail" else { return }
        let parsed = ServerMessage.parse(body)
        let message = ServerMessage(
            code: parsed?.code ?? "0", message: parsed?.message ?? "The API reported a failure")
        throw failure(message, response: response, method: .get, url: url)
    }

    /// The error for the API's failure `message` in a 2xx body, with what
    /// its documented codes call for: 100 is the client's configuration
    /// (its API key), 98 a sign-in, 99 a permission.
    static func failure(_ message: ServerMessage, response: TransportResponse, method: HTTPMethod, url: String)
        -> NetworkError
    {
        let advice: String? =
            switch Int(message.code ?? "") {
            case 100: "Check the API key the client is configured with."
            case 98: "Sign in again."
            case 99: "The signed-in user may not do this."
            default: nil
            }
        return .serviceFailure(
            HTTPFailure(
                service: .sooGreyhounds, status: response.status, method: method, url: url, message: message,
                headers: response.headers, body: response.body, advice: advice))
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
