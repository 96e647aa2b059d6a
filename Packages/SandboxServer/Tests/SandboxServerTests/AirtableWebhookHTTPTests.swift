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
                for _ in 0..<1_200 where ping == nil {  // up to a minute: a hang catcher, not a speed bound
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

    @Test("A ping is in the sending Sandbox's request log, and a redirect in answer is not followed")
    func pingsInTheRequestLog() async throws {
        try await AirtableHTTP.withServer { catcher in
            try await AirtableHTTP.withServer { server in
                // The catcher answers the ping with a redirect off this machine.
                try catcher.sandbox.faults.inject(
                    Fault(
                        path: "/bankey/*", count: 5,
                        action: .respond(status: 302, headers: ["Location": "http://example.com/"], body: Data())))
                let hooks = "/v0/bases/appIBfoNbzEaA72c2/webhooks"
                let created = try await AirtableHTTP.send(
                    server.baseURL, "POST", hooks,
                    json:
                        #"{"notificationUrl": "\#(catcher.baseURL.absoluteString)/bankey/hook?token=secret-value", "specification": {"options": {"filters": {"dataTypes": ["tableData"]}}}}"#
                )
                #expect(created.status == 200, "\(created.text)")
                let id = try JSON.parse(created.body)["id"]?.stringValue ?? ""
                _ = try await AirtableHTTP.send(
                    server.baseURL, "POST", AirtableHTTP.table, json: #"{"fields": {"Name": "Logged"}}"#)
                var delivery: RecordedRequest?
                for _ in 0..<1_200 where delivery == nil {  // up to a minute: a hang catcher
                    delivery = await server.sandbox.requests.all.first { $0.note?.contains("notification") == true }
                    if delivery == nil { try await Task.sleep(for: .milliseconds(50)) }
                }
                guard let delivery else {
                    Issue.record("the ping is not in the request log")
                    return
                }
                #expect(delivery.method == "POST" && delivery.path == "/bankey/hook" && delivery.status == 302)
                #expect(delivery.note?.contains(id) == true)
                #expect(delivery.rawQuery?.contains("secret-value") == false)
                #expect(delivery.requestHeaders["X-Airtable-Content-MAC"]?.hasPrefix("hmac-sha256=") == true)
                #expect(try JSON.parse(delivery.requestBody.prefix)["webhook"]?["id"]?.stringValue == id)
                // The catcher saw one request; nothing went on to the redirect's target.
                let caught = await catcher.sandbox.requests.all.filter { $0.path == "/bankey/hook" }
                #expect(caught.count == 1)
                let listed = try JSON.parse(try await AirtableHTTP.send(server.baseURL, "GET", hooks).body)
                let result = listed["webhooks"]?[0]?["lastNotificationResult"]
                #expect(result?["success"] == false)
            }
        }
    }
}
