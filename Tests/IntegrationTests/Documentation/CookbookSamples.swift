import AirtableClient
import AsyncHTTPClientTransport
import BankeyClient
import FirebaseClient
import Foundation
import Models
import Networking
import PostFeedClient
import Sandbox
import SandboxServer
import SooGreyhoundsClient
import Testing

/// The cookbook's recipes, run against the in-process Sandbox (the network
/// recipes over HTTP on both transports too).
@Suite("Documentation: the cookbook")
struct CookbookSamples: DocumentationSample {
    @Test("Every client is made the same way, and configured through its http")
    func makeClients() async throws {
        let sandbox = try await Sandbox()
        let token = AirtableEmulator.Configuration.defaultToken
        let printed = try await Printed.capture {
            // snippet: cookbook-clients
            let transport = SandboxTransport(sandbox)
            // What the service is, then how requests travel: the same shape for each.
            var airtable = AirtableClient(
                configuration: .init(
                    baseID: AirtableClient.lessonBaseID, table: AirtableClient.designProjectsTable, token: token,
                    endpointURL: Sandbox.baseURL),
                transport: transport, retryPolicy: .default)
            var firebase = FirebaseClient(
                configuration: .init(databaseURL: Sandbox.baseURL, namespace: "devmtn-post"),
                transport: transport, retryPolicy: .default)
            var bankey = BankeyClient(
                baseURL: Sandbox.baseURL.appending(path: "bankey/"), transport: transport, retryPolicy: .default)
            var photos = SooGreyhoundsClient(
                configuration: SooGreyhoundsAPI(
                    endpoint: Sandbox.baseURL.appending(path: "services/rest"), apiKey: SooGreyhoundsAPI.lessonAPIKey),
                transport: transport, retryPolicy: .default)
            // Every other setting is in `http`, one place for each client.
            airtable.http.timeout = .seconds(10)
            firebase.http.timeout = .seconds(10)
            bankey.http.timeout = .seconds(10)
            photos.http.timeout = .seconds(10)
            // The lessons' clients are made on the Firebase client, configured first.
            let feed = PostFeedClient(firebase: firebase)
            print(try await airtable.getProjects().count, try await feed.fetchPosts(reset: true).posts.count)  // 16 14
            print(try await bankey.fetchProfile(forUserId: "1").firstName, try await photos.fetchLatestPhotos().count)
            // Kevin 12
            // end snippet
        }
        #expect(printed == ["16 14", "Kevin 12"])
    }

    @Test("Log every request of a client")
    func logEveryRequest() async throws {
        let sandbox = try await Sandbox()
        let token = AirtableEmulator.Configuration.defaultToken
        let printed = try await Printed.capture {
            // snippet: cookbook-log
            var airtable = AirtableClient(
                baseID: AirtableClient.lessonBaseID, table: AirtableClient.designProjectsTable, token: token,
                endpointURL: Sandbox.baseURL, transport: SandboxTransport(sandbox))
            airtable.http.observers.append(NetworkObserver { record in print(record) })
            _ = try await airtable.getProjects()
            // → GET http://sandbox.local/v0/appIBfoNbzEaA72c2/Design%20projects (attempt 1, 0 bytes)
            // ← 200 GET http://sandbox.local/v0/appIBfoNbzEaA72c2/Design%20projects (attempt 1, 2 ms, 10342 bytes)
            // end snippet
        }
        #expect(printed.count == 2)
        #expect(printed.first?.hasPrefix("→ GET http://sandbox.local/v0/appIBfoNbzEaA72c2/Design%20projects") == true)
        #expect(printed.last?.hasPrefix("← 200 GET") == true)
        #expect(printed.allSatisfy { !$0.contains(token) })
    }

    @Test("Refresh a token: Firebase ID tokens, and bearer tokens for the rest")
    func refreshToken() async throws {
        let sandbox = try await Sandbox()
        let expired = FirebaseEmulator.unsignedIDToken(uid: "ada", lifetime: .seconds(-60))
        let fresh = FirebaseEmulator.unsignedIDToken(uid: "ada")
        // Your sign-in, which gives a fresh ID token.
        let signIn: @Sendable () async throws(NetworkError) -> String = { fresh }
        let printed = try await Printed.capture {
            // snippet: cookbook-refresh
            let idTokens = AccessTokenStore(token: expired, refresh: signIn)
            var firebase = FirebaseClient(
                databaseURL: Sandbox.baseURL, namespace: PostFeedClient.sandboxNamespace,
                transport: SandboxTransport(sandbox))
            firebase.http.interceptors.append(FirebaseIDTokenInterceptor(tokens: idTokens))
            // The Post feed and the Message Board are made with a FirebaseClient: configure it first.
            let feed = PostFeedClient(firebase: firebase)
            _ = try await feed.fetchPosts()
            print(await idTokens.refreshCount)  // 1 — the expired token was refreshed once, the request sent again

            // An API that takes `Authorization: Bearer` gets the general interceptor, the same way.
            var bankey = BankeyClient(
                baseURL: Sandbox.baseURL.appending(path: "bankey/"), transport: SandboxTransport(sandbox))
            bankey.http.interceptors.append(BearerTokenInterceptor(tokens: AccessTokenStore { "a-token" }))
            print(try await bankey.fetchProfile(forUserId: "1").firstName)  // Kevin
            // end snippet
        }
        #expect(printed == ["1", "Kevin"])
    }

    @Test("Count cache hits")
    func countCacheHits() async throws {
        let sandbox = try await Sandbox()
        let printed = try await Printed.capture {
            // snippet: cookbook-cache-hits
            let store = PhotoStore(
                client: SooGreyhoundsClient(
                    configuration: SooGreyhoundsAPI(
                        endpoint: Sandbox.baseURL.appending(path: "services/rest"),
                        apiKey: SooGreyhoundsAPI.lessonAPIKey),
                    transport: SandboxTransport(sandbox)))
            var sources: [ImageSource: Int] = [:]
            for photo in try await store.fetchLatestPhotos().prefix(3) {
                for _ in 1...2 {
                    sources[try await store.loadImage(for: photo).source, default: 0] += 1
                }
            }
            // The Sandbox sends `no-cache`: each second look asks, and a 304 keeps the cached bytes.
            print(sources[.network] ?? 0, sources[.revalidated] ?? 0)  // 3 3
            // end snippet
        }
        #expect(printed == ["3 3"])
    }

    @Test("Inject a fault and read the typed error")
    func injectFault() async throws {
        let sandbox = try await Sandbox()
        let printed = try await Printed.capture {
            // snippet: cookbook-fault
            try sandbox.faults.inject(
                Fault(path: "/bankey/profile/*", status: 503, body: Data(#"{"message":"Down for maintenance"}"#.utf8)))
            var bankey = BankeyClient(
                baseURL: Sandbox.baseURL.appending(path: "bankey/"), transport: SandboxTransport(sandbox))
            bankey.http.retryPolicy = .never  // else the one fault is retried away
            do throws(NetworkError) {
                _ = try await bankey.fetchProfile(forUserId: "1")
            } catch .httpStatus(let failure) {
                print(failure.status, failure.message?.message ?? "")  // 503 Down for maintenance
            } catch {
                print(error)
            }
            // end snippet
        }
        #expect(printed == ["503 Down for maintenance"])
    }

    @Test("Upload a file, with progress")
    func uploadFile() async throws {
        let sandbox = try await Sandbox()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cookbook-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photos = SooGreyhoundsClient(
            configuration: SooGreyhoundsAPI(
                endpoint: Sandbox.baseURL.appending(path: "services/rest"),
                apiKey: SooGreyhoundsAPI.lessonAPIKey),
            transport: SandboxTransport(sandbox))
        let latest = try #require(try await photos.fetchLatestPhotos().first)
        let photoURL = folder.appendingPathComponent("greyhound.jpg")
        try await photos.fetchImage(for: latest).data.write(to: photoURL)
        let printed = try await Printed.capture {
            // snippet: cookbook-upload
            let id = try await photos.uploadPhoto(
                fileAt: photoURL, PhotoUpload(title: "Overtime winner", tags: ["goal"])
            ) { progress in
                if progress.isComplete { print(progress.fraction ?? 0) }  // 1.0
            }
            print(try await photos.fetchLatestPhotos().first?.id == id)  // true

            // Any request can send a file as its body, read from disk as it goes.
            var http = NetworkClient(baseURL: Sandbox.baseURL, transport: SandboxTransport(sandbox))
            http.retryPolicy = .never
            let upload = NetworkRequest<Data>(method: .put, path: "photos/greyhound.jpg")
                .body(try TransferBody(fileAt: photoURL), contentType: "image/jpeg")
                .uploadProgress { progress in _ = progress.completed }
            print(try http.makeTransportRequest(upload).body?.description ?? "")  // <file greyhound.jpg, 82753 bytes>
            // end snippet
        }
        let size = try FileManager.default.attributesOfItem(atPath: photoURL.path)[.size] as? NSNumber
        #expect(printed == ["1.0", "true", "<file greyhound.jpg, \(size?.intValue ?? 0) bytes>"])
    }

    @Test("Post a form: url-encoded and multipart")
    func postForm() async throws {
        let sandbox = try await Sandbox()
        let http = NetworkClient(
            baseURL: Sandbox.baseURL.appending(path: "services/rest"), transport: SandboxTransport(sandbox))
        let printed = try await Printed.capture {
            // snippet: cookbook-form
            // application/x-www-form-urlencoded, encoded as query items are:
            let search = NetworkRequest<Data>.post("").form([
                QueryItem(name: "method", value: "soogreyhounds.photos.search"),
                QueryItem(name: "api_key", value: SooGreyhoundsAPI.lessonAPIKey),
                QueryItem(name: "text", value: "goalie save"),
                QueryItem(name: "format", value: "json"), QueryItem(name: "nojsoncallback", value: "1"),
            ])
            let answer = try await http.send(search)
            print(String(decoding: answer, as: UTF8.self).contains(#""total":2"#))  // true

            // multipart/form-data: text fields, and files from bytes or from disk.
            var form = MultipartForm()
            form.append("Sunny afternoon", name: "title")
            form.append(Data("hello".utf8), name: "notes", filename: "notes.txt")
            print(form.contentType.hasPrefix("multipart/form-data; boundary="))  // true
            print(try http.cURLDescription(for: NetworkRequest<Data>.post("upload").multipart(form)))
            // curl \
            //   -X POST \
            //   'http://sandbox.local/services/rest/upload' \
            //   -H 'Content-Type: multipart/form-data; boundary=…' \
            //   --form-string 'title=Sunny afternoon' \
            //   -F 'notes=@notes.txt;type=text/plain'
            // end snippet
        }
        #expect(printed.prefix(2) == ["true", "true"])
    }

    @Test("Download to a file with progress and resume")
    func downloadFile() async throws {
        let sandbox = try await Sandbox()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cookbook-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("DeMeo.jpg")
        let printed = try await Printed.capture {
            // snippet: cookbook-download
            let http = NetworkClient(baseURL: Sandbox.baseURL, transport: SandboxTransport(sandbox))
            let download = try await http.download(
                NetworkRequest<Data>.get("images/DeMeo_J17_2595.jpg"), to: destination,
                options: DownloadOptions(maxSize: 50 << 20, maxResumes: 3) { progress in
                    if progress.isComplete { print(progress) }  // 82753 of 82753 bytes (100 %)
                })
            print(download.byteCount, download.resumes)  // 82753 0
            // end snippet
        }
        let size = try FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? NSNumber
        let bytes = size?.intValue ?? 0
        #expect(printed == ["\(bytes) of \(bytes) bytes (100 %)", "\(bytes) 0"])
    }

    /// Where the network recipes run: in process, and over HTTP on each transport.
    enum Place: String, CaseIterable, Sendable { case inProcess, urlSession, asyncHTTPClient }

    /// A Sandbox, the base URL that reaches it and a transport, in `place`.
    private func withSandbox(
        _ place: Place, _ body: (Sandbox, URL, any HTTPTransport) async throws -> Void
    ) async throws {
        switch place {
        case .inProcess:
            let sandbox = try await Sandbox()
            try await body(sandbox, Sandbox.baseURL, SandboxTransport(sandbox))
        case .urlSession, .asyncHTTPClient:
            try await SandboxServer.withServer(SandboxServerOptions(port: 0)) { server in
                let transport = place == .urlSession ? TestTransport.urlSession : .asyncHTTPClient
                try await body(server.sandbox, server.baseURL, transport.transport)
            }
        }
    }

    @Test("Try an interrupted download", arguments: Place.allCases)
    func interruptedDownload(_ place: Place) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cookbook-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("DeMeo.jpg")
        try await withSandbox(place) { sandbox, baseURL, transport in
            let original = try await NetworkClient(baseURL: baseURL, transport: transport).send(
                NetworkRequest<Data>.get("images/DeMeo_J17_2595.jpg"))
            let printed = try await Printed.capture {
                // snippet: cookbook-interrupted-download
                // The next image is cut off after 20 kB: the connection closes.
                try sandbox.faults.inject(Fault(path: "/images/*", body: .cut(after: 20_000)))
                let http = NetworkClient(baseURL: baseURL, transport: transport, retryPolicy: .never)
                let download = try await http.download(
                    NetworkRequest<Data>.get("images/DeMeo_J17_2595.jpg"), to: destination,
                    options: DownloadOptions(maxResumes: 3))
                print(download.byteCount, download.resumes)  // 82753 1
                print(try Data(contentsOf: destination) == original)  // true
                // end snippet
            }
            #expect(printed.count == 2)
            let statuses = await sandbox.requests.matching("/images/*").map(\.status)
            #expect(statuses.suffix(2) == [200, 206])
        }
    }

    @Test("Try a slow network", arguments: Place.allCases)
    func slowNetwork(_ place: Place) async throws {
        try await withSandbox(place) { sandbox, baseURL, transport in
            let printed = try await Printed.capture {
                // snippet: cookbook-slow-network
                // Images arrive at 200 kB a second, for the next 10 requests.
                try sandbox.faults.inject(
                    Fault(path: "/images/*", count: 10, body: .throttle(bytesPerSecond: 200_000)))
                let http = NetworkClient(baseURL: baseURL, transport: transport)
                let clock = ContinuousClock()
                let started = clock.now
                let image = try await http.send(NetworkRequest<Data>.get("images/DeMeo_J17_2595.jpg"))
                print(image.count, clock.now - started >= .milliseconds(300))  // 82753 true
                // end snippet
            }
            #expect(printed.count == 1)
        }
    }

    @Test("Trust a staging server's certificate authority")
    func trustStagingAuthority() async throws {
        let server = try await TLSTestServer.start()
        let stagingURL = server.baseURL
        let authorityFile = TLSTestServer.fixtures.appendingPathComponent("ca.pem")
        let printed = try await Printed.capture {
            // snippet: cookbook-trust-authority
            // The company's certificate authority, as a PEM (or DER) file.
            let authority = try ServerTrust.Certificate.certificates(contentsOf: authorityFile)
            let transport = try AsyncHTTPClientTransport(trust: .certificateAuthorities(authority))
            let staging = NetworkClient(baseURL: stagingURL, transport: transport)
            let reply = try await staging.send(NetworkRequest<Data>.get("json"))
            print(String(decoding: reply, as: UTF8.self))  // {"ok":true}

            // Without it, the server is refused, and the error says why.
            let untrusting = NetworkClient(baseURL: stagingURL, transport: AsyncHTTPClientTransport())
            do throws(NetworkError) {
                _ = try await untrusting.send(NetworkRequest<Data>.get("json"))
            } catch {
                if case .tlsFailed(let failure) = error { print(failure.reason) }  // untrustedIssuer
            }
            // end snippet
        }
        #expect(printed == [#"{"ok":true}"#, "untrustedIssuer"])
        await server.stop()
    }

    @Test("Pin a server's key")
    func pinServerKey() async throws {
        let certificateFile = TLSTestServer.fixtures.appendingPathComponent("server.pem")
        let printed = try await Printed.capture {
            // snippet: cookbook-pin-key
            // The pin of a certificate you have, or one given as base64
            // (`openssl x509 -pubkey | openssl pkey -pubin -outform der |
            // openssl dgst -sha256 -binary | base64`), and a backup.
            let current = try ServerTrust.Certificate.certificates(contentsOf: certificateFile)[0].publicKeyPin
            let backup = ServerTrust.PublicKeyPin(base64: "isVjUin8eA0PKEEDMJdKHrR//QNGKp5Ig+2R3Z8pvrk=")
            let trust = ServerTrust.system.pinning("api.bank.example", to: [current] + [backup].compactMap { $0 })
            print(current)  // sha256/do4AZuh7oCBRauop41Lv5FUdU0AVqiGEpaCaxE6HyBg=
            do throws(NetworkError) {
                // Apple platforms check pins in URLSession's trust challenge.
                let transport = try URLSessionTransport(trust: trust)
                print(transport.maxBodySize > 0)
            } catch {
                // FoundationNetworking and AsyncHTTPClient cannot see the
                // server's key: the transport refuses the setting.
                if case .unsupportedConfiguration = error { print("pins are checked on Apple platforms") }
            }
            // end snippet
        }
        #if canImport(FoundationNetworking)
            #expect(
                printed == [
                    "sha256/do4AZuh7oCBRauop41Lv5FUdU0AVqiGEpaCaxE6HyBg=", "pins are checked on Apple platforms",
                ])
        #else
            #expect(printed == ["sha256/do4AZuh7oCBRauop41Lv5FUdU0AVqiGEpaCaxE6HyBg=", "true"])
        #endif
    }
}
