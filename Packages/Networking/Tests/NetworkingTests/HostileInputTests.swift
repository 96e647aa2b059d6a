import Foundation
import Testing

@testable import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Numbers and text from outside never trap, and secrets never print.
@Suite("Hostile input: conversions and descriptions")
struct HostileInputTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("Seconds convert to a duration clamped into range, NaN to nil")
    func clamping() {
        #expect(Duration.seconds(clamping: 1.5) == .milliseconds(1500))
        #expect(Duration.seconds(clamping: 1e300) == Duration.maximumConvertible)
        #expect(Duration.seconds(clamping: .infinity) == Duration.maximumConvertible)
        #expect(Duration.seconds(clamping: -.infinity) == .zero)
        #expect(Duration.seconds(clamping: -5) == .zero)
        #expect(Duration.seconds(clamping: .nan) == nil)
        #expect(Duration.seconds(clamping: 90, to: .zero...(.seconds(60))) == .seconds(60))
        #expect(Duration.maximumConvertible.formattedSeconds == "1099511627776 s")
    }

    @Test("Secret names compare normalized: ASCII quickly, escapes and other scripts through the full rules")
    func normalizedNames() {
        #expect(Redactor.normalized("X-Api-Key") == "xapikey")
        #expect(Redactor.normalized("AUTH_TOKEN") == "authtoken")
        #expect(Redactor.normalized("access token") == "accesstoken")
        #expect(Redactor.normalized("Api%2DKey") == "apikey")
        #expect(Redactor.normalized("api+key") == "apikey")
        #expect(Redactor.normalized("ÄPI-Schlüssel") == "äpischlüssel")
        #expect(Redactor.normalized("") == "")
    }

    @Test("Retry-After is 1*DIGIT seconds or an HTTP date (RFC 9110); any other shape is ignored, never traps")
    func retryAfter() {
        #expect(RetryAfter.parse("1234567890123456789012345678901234567890", now: now) == Duration.maximumConvertible)
        #expect(RetryAfter.parse("120", now: now) == .seconds(120))
        #expect(RetryAfter.parse(" 007 ", now: now) == .seconds(7))
        #expect(RetryAfter.parse("0", now: now) == .zero)
        let ignored = [
            "0x10", "1e3", "1e300", "16.5", "-1", "+5", "1_000", "١٢", "12 s", "nan", "inf", "-inf", "", "   ",
            "soon", String(repeating: "9", count: 100),
        ]
        for ignored in ignored {
            #expect(RetryAfter.parse(ignored, now: now) == nil, "\(ignored)")
        }
        #expect(RetryAfter.parse("Mon, 01 Jan 0001 00:00:00 GMT", now: now) == .zero)
        let farFuture = RetryAfter.parse("Fri, 31 Dec 9999 23:59:59 GMT", now: now)
        #expect(farFuture.map { $0 > .seconds(200_000_000_000) } == true)
    }

    @Test("HTTP dates in all three forms parse by hand; the bytes that trapped DateFormatter are refused")
    func httpDates() {
        let expected = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.date(from: "Sun, 06 Nov 1994 08:49:37 GMT") == expected)
        #expect(HTTPDate.date(from: "Sunday, 06-Nov-94 08:49:37 GMT") == expected)
        #expect(HTTPDate.date(from: "Sun Nov  6 08:49:37 1994") == expected)
        // Found by the retry-after fuzz target: Foundation's DateFormatter
        // trapped ("Incorrect range CFRange") on these bytes.
        let trapped = String(decoding: [0x53, 0xDC, 0xB1, 0x90, 0x89, 0xDF, 0xC9, 0xDF, 0xDF, 0x39], as: UTF8.self)
        #expect(RetryAfter.parse(trapped, now: now) == nil)
        for invalid in [
            "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:49:37 PST",
            "Sun, 06 Nov 0000 08:49:37 GMT", "Sun, +6 Nov 1994 08:49:37 GMT", "Xyz, 06 Nov 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 08:49 GMT", "Sun, 06 Nov 19940 08:49:37 GMT",
        ] {
            #expect(HTTPDate.date(from: invalid) == nil, "\(invalid)")
        }
    }

    @Test("A Retry-After longer than maxRetryAfter ends the retries at once")
    func longRetryAfter() {
        let policy = RetryPolicy(maxAttempts: 5, deadline: nil, maxRetryAfter: .seconds(60))
        func failure(_ retryAfter: Duration?) -> NetworkError {
            .httpStatus(HTTPFailure(status: 503, method: .get, url: "https://x.test/", retryAfter: retryAfter))
        }
        #expect(
            policy.delay(after: failure(.seconds(30)), attempt: 1, elapsed: .zero, isIdempotent: true) == .seconds(30))
        #expect(policy.delay(after: failure(.seconds(61)), attempt: 1, elapsed: .zero, isIdempotent: true) == nil)
        #expect(
            policy.delay(after: failure(Duration.maximumConvertible), attempt: 1, elapsed: .zero, isIdempotent: true)
                == nil)
    }

    @Test("A random source out of its range cannot make a wait out of range")
    func hostileRandom() {
        let policy = RetryPolicy(maxDelay: .seconds(30), random: { _ in 1e300 })
        let wait = policy.delay(after: .connectionLost, attempt: 2, elapsed: .zero, isIdempotent: true)
        #expect(wait == .seconds(30))
        let nan = RetryPolicy(random: { _ in .nan })
        #expect(nan.delay(after: .connectionLost, attempt: 1, elapsed: .zero, isIdempotent: true) == .zero)
    }

    @Test("Clients, requests and headers describe themselves without their secrets")
    func descriptions() throws {
        var client = NetworkClient(baseURL: URL(string: "https://db.example.com/?auth=base-secret")!)
        client.headers["Authorization"] = "Bearer header-secret"
        client.query = [QueryItem(name: "auth", value: "query-secret"), QueryItem(name: "ns", value: "posts")]
        let request = NetworkRequest<Data>.get("posts").query("api_key", "request-secret").header(
            "Cookie", "s=cookie-secret")
        let httpRequest = try client.makeTransportRequest(request)
        let secrets = ["base-secret", "header-secret", "query-secret", "request-secret", "cookie-secret"]
        let subjects: [Any] = [client, request, httpRequest, httpRequest.headers, client.query]
        for subject in subjects {
            var dumped = ""
            dump(subject, to: &dumped)
            var debugPrinted = ""
            debugPrint(subject, to: &debugPrinted)
            for text in [String(describing: subject), String(reflecting: subject), "\(subject)", dumped, debugPrinted] {
                for secret in secrets {
                    #expect(!text.contains(secret), "\(type(of: subject)) showed \(secret): \(text)")
                }
            }
        }
        #expect("\(client)".contains("ns=posts") || "\(client)".contains("posts"))
        #expect("\(httpRequest)".contains("REDACTED"))
    }

    @Test("An event without an end is refused at the limit, and the parser holds no more than it")
    func boundedEvents() throws {
        var parser = ServerEventParser(maxEventSize: 1024)
        #expect(try parser.consume(Array("data: ok\n\n".utf8)).map(\.data) == ["ok"])
        #expect(throws: NetworkError.self) {
            _ = try parser.consume([UInt8](repeating: UInt8(ascii: "x"), count: 2048))
        }
        var lines = ServerEventParser(maxEventSize: 1024)
        #expect(throws: NetworkError.self) {
            for _ in 0..<200 {
                _ = try lines.consume(Array("data: 0123456789\n".utf8))
            }
        }
        // Events that end keep the parser's holdings at zero, however many.
        var many = ServerEventParser(maxEventSize: 64)
        for index in 0..<10_000 {
            #expect(try many.consume(Array("data: \(index)\n\n".utf8)).count == 1)
        }
    }
}

extension HostileInputTests {
    @Test("Dates far outside years 1 to 9999 format as the nearest one instead of trapping")
    func extremeDates() {
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: 1e300)) == "9999-12-31T23:59:59Z")
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: -1e300)) == "0001-01-01T00:00:00Z")
        #expect(
            ISO8601.string(from: Date(timeIntervalSince1970: 0), fractionalSeconds: true) == "1970-01-01T00:00:00.000Z")
    }

    @Test("A response is checked against the length its head declares only where the bytes must match it")
    func declaredLength() {
        func length(_ status: Int, _ fields: HeaderFields, _ method: HTTPMethod = .get) -> Int? {
            TransportResponse.declaredLength(status: status, headers: fields, method: method)
        }
        #expect(length(200, ["Content-Length": "1000"]) == 1000)
        #expect(length(404, ["content-length": " 12\t"], .post) == 12)
        // No body is expected, or the received bytes are decoded ones.
        #expect(length(200, ["Content-Length": "10"], .head) == nil)
        #expect(length(204, ["Content-Length": "10"]) == nil)
        #expect(length(304, ["Content-Length": "10"]) == nil)
        #expect(length(200, ["Content-Length": "10", "Content-Encoding": "gzip"]) == nil)
        // Garbage is no promise, and never traps.
        for garbage in ["-1", "+5", "1e3", "0x10", "", " ", "12abc", "1 2", "١٢", String(repeating: "9", count: 40)] {
            #expect(length(200, ["Content-Length": garbage]) == nil, "\(garbage)")
        }
        #expect(length(200, [:]) == nil)
    }
}
