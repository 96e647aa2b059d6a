import Foundation
import Networking
import Sandbox
import SandboxServer
import Testing

/// Airtable webhooks over HTTP: a webhook whose `notificationUrl` is a
/// second sandbox (whose request log catches the ping) gets a ping for each
/// change, signed with `X-Airtable-Content-MAC: hmac-sha256=<hex>` over the
/// body with the webhook's `macSecretBase64`, as Airtable signs it.
@Suite("Airtable webhooks over HTTP: notification pings and their MAC")
struct AirtableWebhookHTTPTests {
    @Test("A change pings the notification URL with a body whose MAC checks out")
    func pingWithMAC() async throws {
        try await AirtableHTTP.withServer { catcher in
            try await AirtableHTTP.withServer { server in
                let hooks = "/v0/bases/appIBfoNbzEaA72c2/webhooks"
                let created = try await AirtableHTTP.send(
                    server.baseURL, "POST", hooks,
                    json:
                        #"{"notificationUrl": "\#(catcher.baseURL.absoluteString)/hook", "specification": {"options": {"filters": {"dataTypes": ["tableData"], "recordChangeScope": "tblDesignProjects"}}}}"#
                )
                #expect(created.status == 200, "\(created.text)")
                let answer = try JSON.parse(created.body)
                let secret = Data(base64Encoded: answer["macSecretBase64"]?.stringValue ?? "") ?? Data()
                let write = try await AirtableHTTP.send(
                    server.baseURL, "POST", AirtableHTTP.table, json: #"{"fields": {"Name": "Pinged"}}"#)
                #expect(write.status == 200)
                var ping: RecordedRequest?
                for _ in 0..<100 where ping == nil {
                    ping = await catcher.sandbox.requests.all.first { $0.path == "/hook" }
                    if ping == nil { try await Task.sleep(for: .milliseconds(50)) }
                }
                guard let ping else {
                    Issue.record("no ping arrived")
                    return
                }
                let body = ping.requestBody.prefix
                let payload = try JSON.parse(body)
                #expect(payload["webhook"]?["id"] == answer["id"])
                #expect(payload["base"]?["id"] == "appIBfoNbzEaA72c2")
                let mac = SecureHash.hmacSHA256(key: Array(secret), message: Array(body))
                let expected = "hmac-sha256=" + mac.map { String(format: "%02x", $0) }.joined()
                #expect(ping.requestHeaders["X-Airtable-Content-MAC"] == expected)
                let payloads = try await AirtableHTTP.send(
                    server.baseURL, "GET", hooks + "/\(answer["id"]?.stringValue ?? "")/payloads")
                #expect(try JSON.parse(payloads.body)["payloads"]?.arrayValue?.count == 1)
            }
        }
    }
}
