import AirtableClient
import BankeyClient
import FirebaseAuthClient
import FirebaseClient
import Foundation
import Models
import Networking
import Sandbox
import SooGreyhoundsClient
import Testing

/// Each service's error helper reads only its own service's failures
/// (issue 58): an app with several clients never shows a database refusal
/// as a sign-in code or a Flickr-style failure as an Airtable type. Every
/// description names the service and never shows a status that misleads.
@Suite("Errors that know their service")
struct ServiceErrorTests {
    /// The services, each with its helper: whether the error reads as
    /// that service's own.
    enum Service: CaseIterable, CustomStringConvertible {
        case firebaseAuth, firebaseDatabase, airtable, bankey, sooGreyhounds

        var name: ServiceName {
            switch self {
            case .firebaseAuth: .firebaseAuth
            case .firebaseDatabase: .firebaseDatabase
            case .airtable: .airtable
            case .bankey: .bankey
            case .sooGreyhounds: .sooGreyhounds
            }
        }

        var description: String { name.description }

        /// What the service's helper makes of `error`.
        func helper(_ error: NetworkError) -> String? {
            switch self {
            case .firebaseAuth: error.firebaseAuthError.map { "\($0)" }
            case .firebaseDatabase: error.firebaseConflict.map { "\($0.failure.status)" }
            case .airtable: error.airtableError.map { "\($0)" }
            case .bankey: error.bankeyError.map { "\($0.kind)" }
            case .sooGreyhounds: error.sooGreyhoundsError.map { "\($0)" }
            }
        }
    }

    /// Real error bodies, as each service's documentation and the
    /// Sandbox's emulators send them: status and body.
    static let bodies: [(Service, Int, String)] = [
        (
            .firebaseAuth, 400,
            #"{"error":{"code":400,"message":"INVALID_PASSWORD","errors":[{"message":"INVALID_PASSWORD","domain":"global","reason":"invalid"}]}}"#
        ),
        (.firebaseAuth, 400, #"{"error":{"code":400,"message":"EMAIL_EXISTS","errors":[]}}"#),
        (
            .firebaseAuth, 400,
            #"{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT"}}"#
        ),
        (.firebaseDatabase, 401, "{\n  \"error\" : \"Permission denied\"\n}\n"),
        (.firebaseDatabase, 400, #"{"error" : "Invalid data; couldn't parse JSON object, array, or value."}"#),
        (.firebaseDatabase, 412, #"{"error" : "ETag mismatch"}"#),
        (.airtable, 401, #"{"error":{"type":"AUTHENTICATION_REQUIRED","message":"Authentication required"}}"#),
        (.airtable, 404, #"{"error":"NOT_FOUND"}"#),
        (
            .airtable, 422,
            #"{"error":{"type":"INVALID_FILTER_BY_FORMULA","message":"The formula for filtering records is invalid"}}"#
        ),
        (.bankey, 404, "Not Found"),
        (.bankey, 500, "<html><head><title>500 Internal Server Error</title></head></html>"),
        (.sooGreyhounds, 200, #"{"stat":"fail","code":100,"message":"Invalid API Key (Key has invalid format)"}"#),
        (.sooGreyhounds, 200, #"{"stat":"fail","code":112,"message":"Method \"x\" not found"}"#),
    ]

    /// Sends a request through `service`'s real client (its service name,
    /// message parser and classifier), answered with `body`.
    static func error(from service: Service, status: Int, body: String) async -> NetworkError? {
        let transport = FixedReply(status: status, body: Data(body.utf8))
        let base = URL(string: "https://service.test/")!
        do {
            switch service {
            case .firebaseAuth:
                let auth = FirebaseAuthClient(apiKey: "key", transport: transport, retryPolicy: .never)
                _ = try await auth.signIn(email: "ada@example.com", password: "wrong")
            case .firebaseDatabase:
                var firebase = FirebaseClient(databaseURL: base, transport: transport)
                firebase.http.retryPolicy = .never
                _ = try await firebase.http.send(NetworkRequest<Data>.put("a.json", body: 1).header("if-match", "x"))
            case .airtable:
                var airtable = AirtableClient(baseID: "app", table: "t", token: "pat", transport: transport)
                airtable.http.retryPolicy = .never
                _ = try await airtable.http.send(NetworkRequest<Data>.get("v0/app/t"))
            case .bankey:
                _ = try await BankeyClient(baseURL: base, transport: transport, retryPolicy: .never)
                    .fetchProfile(forUserId: "1")
            case .sooGreyhounds:
                let client = SooGreyhoundsClient(
                    configuration: SooGreyhoundsAPI(endpoint: base.appending(path: "services/rest"), apiKey: "key"),
                    transport: transport, retryPolicy: .never)
                _ = try await client.fetchLatestPhotos()
            }
            return nil
        } catch {
            return error
        }
    }

    /// The bodies that are errors to `client`: a failure inside a `200`
    /// is one only to the API that reports failures so.
    static func bodies(for client: Service) -> [(Service, Int, String)] {
        bodies.filter { $0.1 / 100 != 2 || client == .sooGreyhounds }
    }

    @Test("Every service's helper answers nil for every other service's errors", arguments: Service.allCases)
    func helpersKeepToTheirService(_ client: Service) async throws {
        for (origin, status, body) in Self.bodies(for: client) {
            let error = try #require(await Self.error(from: client, status: status, body: body), "\(origin) \(body)")
            #expect(error.failure?.service == client.name, "\(error)")
            for other in Service.allCases where other != client {
                #expect(other.helper(error) == nil, "\(other) read \(client)'s error: \(error)")
            }
        }
    }

    @Test("Each service's helper reads its own errors")
    func helpersReadTheirOwn() async throws {
        for (service, status, body) in Self.bodies {
            let error = try #require(await Self.error(from: service, status: status, body: body))
            let expectsReading = service != .firebaseDatabase || status == 412
            #expect((service.helper(error) != nil) == expectsReading, "\(service) \(body): \(error)")
        }
    }

    @Test("Descriptions name the service, say what to do, and show no misleading status")
    func descriptions() async throws {
        for client in Service.allCases {
            for (_, status, body) in Self.bodies(for: client) {
                let error = try #require(await Self.error(from: client, status: status, body: body))
                let text = error.description
                #expect(text.hasPrefix(client.name.description), "\(text)")
                #expect(!text.contains("(200)") && !text.contains("(2"), "\(text)")
                if status / 100 == 4 {
                    #expect(!text.contains("failed (4"), "a refusal is not a failure of the service: \(text)")
                }
                #expect(text.hasSuffix("."), "\(text)")
            }
        }
    }

    @Test("A wrong password tells the user so, and a refused API key is not a sign-in problem")
    func authDescriptions() async throws {
        let wrong = try #require(await Self.error(from: .firebaseAuth, status: 400, body: Self.bodies[0].2))
        #expect(wrong.description.hasSuffix("The password is wrong."))
        let key = try #require(await Self.error(from: .sooGreyhounds, status: 200, body: Self.bodies[11].2))
        #expect(key.description.hasSuffix("Check the API key the client is configured with."))
        #expect(!key.description.contains("sign in"))
    }

    /// One real failure of each of the five clients, from the in-process
    /// Sandbox: a wrong password, malformed JSON written to the database, a
    /// wrong Airtable token, a missing Bankey path, a wrong Flickr-style
    /// API key.
    static func sandboxFailures() async throws -> [(Service, NetworkError)] {
        let sandbox = try await Sandbox()
        let transport = SandboxTransport(sandbox)
        var errors: [(Service, NetworkError)] = []
        let auth = FirebaseAuthClient(apiKey: "any", endpoints: .emulator(Sandbox.baseURL), transport: transport)
        _ = try await auth.signUp(email: "ada@example.com", password: "correct horse")
        do throws(NetworkError) {
            _ = try await auth.signIn(email: "ada@example.com", password: "wrong")
        } catch { errors.append((.firebaseAuth, error)) }
        let firebase = FirebaseClient(databaseURL: Sandbox.baseURL, namespace: "devmtn-post", transport: transport)
        do throws(NetworkError) {
            let put = NetworkRequest<Data>(method: .put, path: "x").pathExtension("json")
                .body(Data("{not json".utf8), contentType: "application/json")
            _ = try await firebase.http.send(put)
        } catch { errors.append((.firebaseDatabase, error)) }
        let airtable = AirtableClient(
            baseID: AirtableClient.lessonBaseID, table: AirtableClient.designProjectsTable, token: "patWrong",
            endpointURL: Sandbox.baseURL, transport: transport)
        do throws(NetworkError) {
            _ = try await airtable.http.send(NetworkRequest<Data>.get("v0/app/t"))
        } catch { errors.append((.airtable, error)) }
        let bankey = BankeyClient(baseURL: Sandbox.baseURL.appending(path: "bankey/"), transport: transport)
        do throws(NetworkError) {
            _ = try await bankey.http.send(NetworkRequest<Data>.get("nothing/here"))
        } catch { errors.append((.bankey, error)) }
        let photos = SooGreyhoundsClient(
            configuration: SooGreyhoundsAPI(
                endpoint: Sandbox.baseURL.appending(path: "services/rest"), apiKey: "wrong"),
            transport: transport)
        do throws(NetworkError) {
            _ = try await photos.fetchLatestPhotos()
        } catch { errors.append((.sooGreyhounds, error)) }

        return errors
    }

    @Test("Errors from the Sandbox know their service")
    func sandboxErrors() async throws {
        let errors = try await Self.sandboxFailures()
        #expect(errors.map(\.0) == Service.allCases)
        for (service, error) in errors {
            #expect(error.failure?.service == service.name, "\(error)")
            #expect(error.description.hasPrefix(service.name.description), "\(error)")
            for other in Service.allCases where other != service {
                #expect(other.helper(error) == nil, "\(other) read \(service)'s error: \(error)")
            }
        }
        #expect(
            errors[0].1.firebaseAuthError == .invalidPassword
                || errors[0].1.firebaseAuthError == .invalidLoginCredentials)
        #expect(errors[2].1.airtableError?.type.rawValue == "AUTHENTICATION_REQUIRED")
        #expect(
            errors[4].1.sooGreyhoundsError == .failed(code: 100, message: "Invalid API Key (Key has invalid format)"))
    }
}

/// Answers every request with one status and body.
private struct FixedReply: HTTPTransport {
    let status: Int
    let body: Data

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        TransportResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }
}
