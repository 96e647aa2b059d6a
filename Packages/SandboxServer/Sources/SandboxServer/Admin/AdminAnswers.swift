#if SandboxServer
    import Foundation
    import Hummingbird
    import Networking
    import Sandbox

    /// What the admin routes answer, each a type of its own, encoded as JSON by
    /// Hummingbird with the context's encoder.

    /// `{"status":"ok"}`: a change was made.
    struct StatusAnswer: ResponseEncodable {
        var status = "ok"
    }

    /// `POST /__sandbox/export`: where the export was written.
    struct ExportAnswer: ResponseEncodable {
        var status = "ok"
        /// The folder, absolute and standardized.
        var path: String
    }

    /// `GET /__sandbox/firebase/clients`: the clients connected over the
    /// Realtime Database's protocol, oldest first, with their listens.
    struct ConnectedClientsAnswer: ResponseEncodable {
        var clients: [FirebaseConnectedClient]
    }

    /// `GET /__sandbox/faults`: the pending faults, the latency and Airtable's
    /// rate-limit switch.
    struct FaultsAnswer: ResponseEncodable {
        var faults: [Fault]
        var latencyMilliseconds: Double
        var airtableRateLimit: Bool
    }

    /// One entry of `GET /__sandbox/requests`: what was asked and answered,
    /// when, how long it took and how big it was; never a body.
    struct RequestSummary: ResponseEncodable {
        var id: Int
        /// Milliseconds since 1970.
        var time: Double
        var service: String
        var method: String
        var path: String
        /// The query with secrets redacted, or `null`.
        @EncodedAsNull var query: String?
        var status: Int
        var durationMilliseconds: Double
        var requestBytes: Int
        /// `null` for a stream.
        @EncodedAsNull var responseBytes: Int?
        var fromConsole: Bool

        init(_ entry: RecordedRequest) {
            id = entry.id
            time = (entry.date.timeIntervalSince1970 * 1000).rounded()
            service = entry.service
            method = entry.method
            path = entry.path
            query = entry.rawQuery
            status = entry.status
            durationMilliseconds = entry.duration.seconds * 1000
            requestBytes = entry.requestBody.count ?? 0
            responseBytes = entry.responseBody.count
            fromConsole = entry.isFromConsole
        }
    }

    /// `GET /__sandbox/requests/ID`: the summary, both sides' headers and
    /// bodies with secrets redacted, and the request as a redacted cURL
    /// command.
    struct RequestDetail: ResponseEncodable {
        /// One side of the exchange.
        struct Side: Encodable {
            /// `[name, value]` pairs in order, repeats kept.
            var headers: [[String]]
            var body: BodyDescription
        }

        /// A body as the log kept it.
        struct BodyDescription: Encodable {
            @EncodedAsNull var size: Int?
            @EncodedAsNull var text: String?
            var binary: Bool
            var truncated: Bool
            var released: Bool
            var streamed: Bool

            init(_ body: CapturedBody, redactor: Redactor) {
                let text = body.redactedText(redactor)
                size = body.count
                self.text = text
                binary = text == nil && !body.prefix.isEmpty
                truncated = body.isTruncated
                released = body.isReleased
                streamed = body.count == nil
            }
        }

        var summary: RequestSummary
        var request: Side
        var response: Side
        var curl: String
        /// The emulator's note, such as which security rule refused it.
        var note: String?

        init(_ entry: RecordedRequest, redactor: Redactor = Redactor()) {
            summary = RequestSummary(entry)
            request = Side(
                headers: entry.requestHeaders.map { [$0.name, $0.value] },
                body: BodyDescription(entry.requestBody, redactor: redactor))
            response = Side(
                headers: entry.responseHeaders.map { [$0.name, $0.value] },
                body: BodyDescription(entry.responseBody, redactor: redactor))
            curl = Self.curl(entry, redactor: redactor)
            note = entry.note
        }

        private enum CodingKeys: String, CodingKey {
            case request, response, curl, note
        }

        /// The summary's keys, then the detail's, in one object.
        func encode(to encoder: any Encoder) throws {
            try summary.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(request, forKey: .request)
            try container.encode(response, forKey: .response)
            try container.encode(curl, forKey: .curl)
            try container.encode(note, forKey: .note)
        }

        /// The request as a `curl` command, redacted as the SDK's
        /// `TransportRequest.cURLDescription` redacts: the same code writes it.
        static func curl(_ entry: RecordedRequest, redactor: Redactor) -> String {
            let host = entry.requestHeaders["Host"] ?? "127.0.0.1"
            guard let url = URL(string: "http://\(host)\(entry.target)") else { return "" }
            var headers = HeaderFields()
            // curl writes these itself; copying them would only mislead.
            let skipped: Set<String> = ["host", "content-length", "connection", "transfer-encoding"]
            for field in entry.requestHeaders where !skipped.contains(field.name.lowercased()) {
                headers.add(name: field.name, value: field.value)
            }
            let method = HTTPMethod(rawValue: entry.method.uppercased())
            let body = entry.requestBody.isTruncated || entry.requestBody.isReleased ? nil : entry.requestBody.prefix
            let command = TransportRequest(
                method: method ?? .get, url: url, headers: headers, body: body.map { TransferBody($0) }
            )
            .cURLDescription(redactor: redactor)
            guard method == nil else { return command }
            return command.replacingOccurrences(of: "curl", with: "curl -X \(entry.method)", options: .anchored)
        }
    }

    /// `GET /__sandbox/services`: what the console needs to call each API as
    /// an ordinary client.
    ///
    /// The credentials are the sandbox's own, configured on this machine and
    /// printed by `sandbox` at start; this route answers the same local,
    /// same-site callers as every admin route, and the console never shows
    /// them (its requests appear in the log redacted like anyone's).
    struct ServicesAnswer: ResponseEncodable {
        struct Firebase: Encodable {
            var namespaces: [String]
            var defaultNamespace: String
            var auth: String?

            private enum CodingKeys: String, CodingKey { case namespaces, defaultNamespace, auth }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(namespaces, forKey: .namespaces)
                try container.encode(defaultNamespace, forKey: .defaultNamespace)
                try container.encode(auth, forKey: .auth)
            }
        }

        struct Airtable: Encodable {
            var token: String?
        }

        struct Bankey: Encodable {
            var customers: [String]
        }

        struct SooGreyhounds: Encodable {
            var apiKey: String?
        }

        /// One service's endpoints, from its route table.
        struct ServiceEndpoints: Encodable {
            var service: String
            var endpoints: [Endpoint]
        }

        var firebase: Firebase
        var airtable: Airtable
        var bankey: Bankey
        var soogreyhounds: SooGreyhounds
        var endpoints = Sandbox.endpoints.map { ServiceEndpoints(service: $0.service, endpoints: $0.endpoints) }
    }
#endif
