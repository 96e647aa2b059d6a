import Foundation

/// Requests to the admin routes over a raw connection, so a test can send
/// any `Host`, `Origin` and `Sec-Fetch-Site` (URLSession writes `Host`
/// itself).
enum AdminHTTP {
    /// Sends one request with `Connection: close` and reads the answer.
    static func send(
        port: Int, _ method: String, _ target: String, headers: [(String, String)] = [("Host", "127.0.0.1")],
        body: Data? = nil
    ) async throws -> HTTP.Response {
        let connection = try await RawConnection.connect(port: port)
        var head = "\(method) \(target) HTTP/1.1\r\n"
        for (name, value) in headers {
            head += "\(name): \(value)\r\n"
        }
        if let body {
            head += "Content-Length: \(body.count)\r\n"
        }
        head += "Connection: close\r\n\r\n"
        try await connection.send(Array(head.utf8) + Array(body ?? Data()))
        return try parse(try await connection.readUntilClosed())
    }

    /// A response with a `Content-Length` body.
    static func parse(_ text: String) throws -> HTTP.Response {
        guard let end = text.range(of: "\r\n\r\n") else {
            throw RawConnection.Failure(description: "no complete head in: \(text.prefix(200))")
        }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 {
                headers[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return HTTP.Response(status: status, headers: headers, body: Data(text[end.upperBound...].utf8))
    }
}
