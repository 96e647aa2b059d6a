import Foundation
import Networking
import Sandbox
import SandboxServer
import Testing

/// Every field type of Airtable's field model over HTTP, on a base loaded
/// from a metadata-API schema file: the documented cell values written and
/// read back in `cellFormat=json`, the same record as text in
/// `cellFormat=string`, `typecast` turning text into each type, and the
/// 422 `INVALID_VALUE_FOR_COLUMN` for a wrong value or a computed field.
@Suite("Airtable field types over HTTP: JSON and string cells, typecast, refusals")
struct AirtableFieldTypesHTTPTests {
    static let baseFile = #"""
        {"id": "appFieldTypes0001", "name": "Field types", "tables": [
          {"id": "tblEverything0001", "name": "Everything", "fields": [
            {"name": "Name", "type": "singleLineText"},
            {"name": "Notes", "type": "multilineText"},
            {"name": "Rich", "type": "richText"},
            {"name": "Email", "type": "email"},
            {"name": "Website", "type": "url"},
            {"name": "Phone", "type": "phoneNumber"},
            {"name": "Amount", "type": "number", "options": {"precision": 1}},
            {"name": "Price", "type": "currency", "options": {"symbol": "$", "precision": 2}},
            {"name": "Share", "type": "percent", "options": {"precision": 0}},
            {"name": "Time", "type": "duration", "options": {"durationFormat": "h:mm"}},
            {"name": "Stars", "type": "rating", "options": {"max": 5, "icon": "star", "color": "yellowBright"}},
            {"name": "Day", "type": "date", "options": {"dateFormat": {"name": "iso", "format": "YYYY-MM-DD"}}},
            {"name": "Moment", "type": "dateTime", "options": {"dateFormat": {"name": "us", "format": "M/D/YYYY"},
              "timeFormat": {"name": "24hour", "format": "HH:mm"}, "timeZone": "client"}},
            {"name": "Done", "type": "checkbox", "options": {"icon": "check", "color": "greenBright"}},
            {"name": "Status", "type": "singleSelect", "options": {"choices": [{"name": "Todo"}, {"name": "Done"}]}},
            {"name": "Tags", "type": "multipleSelects", "options": {"choices": [{"name": "a"}, {"name": "b"}]}},
            {"id": "fldEverythingPpl1", "name": "People", "type": "multipleRecordLinks", "options": {"linkedTableId": "tblPeopleTable001"}},
            {"name": "Owner", "type": "singleCollaborator"},
            {"name": "Team", "type": "multipleCollaborators"},
            {"name": "Files", "type": "multipleAttachments"},
            {"name": "Code", "type": "barcode"},
            {"name": "Double", "type": "formula", "options": {"formula": "{Amount} * 2",
              "result": {"type": "number", "options": {"precision": 2}}}},
            {"name": "Headcount", "type": "count", "options": {"recordLinkFieldId": "fldEverythingPpl1"}},
            {"name": "Names", "type": "multipleLookupValues", "options": {"recordLinkFieldId": "fldEverythingPpl1", "fieldIdInLinkedTable": "fldPeopleName0001"}},
            {"name": "Ages", "type": "rollup", "options": {"recordLinkFieldId": "fldEverythingPpl1", "fieldIdInLinkedTable": "fldPeopleAge00001", "formula": "SUM(values)"}},
            {"name": "Created", "type": "createdTime"},
            {"name": "Modified", "type": "lastModifiedTime"},
            {"name": "Number", "type": "autoNumber"},
            {"name": "Creator", "type": "createdBy"},
            {"name": "Editor", "type": "lastModifiedBy"},
            {"name": "Open", "type": "button", "options": {"label": "Open"}}]},
          {"id": "tblPeopleTable001", "name": "People", "fields": [
            {"id": "fldPeopleName0001", "name": "Name", "type": "singleLineText"},
            {"id": "fldPeopleAge00001", "name": "Age", "type": "number"}],
           "records": [{"id": "recPersonAda00001", "fields": {"Name": "Ada", "Age": 36}},
                       {"id": "recPersonBob00001", "fields": {"Name": "Bob", "Age": 41}}]}]}
        """#
    static let table = "/v0/appFieldTypes0001/Everything"
    static let user = #"{"id": "usrSandbox0000000", "email": "sandbox@example.com", "name": "Sandbox"}"#

    /// The field model's example value for each writable type.
    static let documented = #"""
        {"Name": "Union Square", "Notes": "Line one\nLine two", "Rich": "**bold** text",
         "Email": "hello@example.com", "Website": "https://airtable.com", "Phone": "(415) 555-9876",
         "Amount": 12.5, "Price": 1234.5, "Share": 0.25, "Time": 5400, "Stars": 3,
         "Day": "2014-09-05", "Moment": "2014-09-05T07:00:00.000Z", "Done": true,
         "Status": "Todo", "Tags": ["a", "b"], "People": ["recPersonAda00001", "recPersonBob00001"],
         "Owner": \#(user), "Team": [\#(user)],
         "Files": [{"url": "https://example.com/files/photo.jpg", "filename": "photo.jpg"}],
         "Code": {"text": "012345678905", "type": "upce"}}
        """#

    static func options() -> SandboxServerOptions {
        var options = AirtableHTTP.options()
        options.configuration.airtable.bases = [baseFile]
        return options
    }

    static func create(_ server: SandboxServer, _ fields: String, typecast: Bool = false) async throws -> JSON {
        let response = try await AirtableHTTP.send(
            server.baseURL, "POST", table, json: #"{"fields": \#(fields), "typecast": \#(typecast)}"#)
        #expect(response.status == 200, "\(response.text)")
        return try JSON.parse(response.body)
    }

    @Test("Each writable type keeps its documented value; computed types are worked out")
    func jsonCells() async throws {
        try await AirtableHTTP.withServer(Self.options()) { server in
            let record = try await Self.create(server, Self.documented)
            let fields = record["fields"] ?? .null
            let written = try JSON.parse(Data(Self.documented.utf8))
            for (name, value) in written.objectValue ?? [:] where name != "Files" && name != "Owner" && name != "Team" {
                #expect(fields[name] == value, "\(name): \(fields[name]?.jsonText ?? "nothing")")
            }
            #expect(fields["Owner"] == (try JSON.parse(Data(Self.user.utf8))))
            #expect(fields["Files"]?[0]?["url"] == "https://example.com/files/photo.jpg")
            #expect(fields["Files"]?[0]?["filename"] == "photo.jpg")
            #expect(fields["Files"]?[0]?["id"]?.stringValue?.hasPrefix("att") == true)
            #expect(fields["Double"] == 25)
            #expect(fields["Headcount"] == 2)
            #expect(fields["Names"] == ["Ada", "Bob"])
            #expect(fields["Ages"] == 77)
            #expect(fields["Number"] == 1)
            #expect(fields["Creator"]?["id"] == "usrSandbox0000000")
            #expect(fields["Editor"]?["email"] == "sandbox@example.com")
            #expect(fields["Open"]?["label"] == "Open")
            let created = fields["Created"]?.stringValue ?? ""
            #expect(created == record["createdTime"]?.stringValue && created.hasSuffix("Z"))
            #expect(fields["Modified"]?.stringValue == created)
            // Read back the same through GET, by field id too.
            let id = record["id"]?.stringValue ?? ""
            let read = try JSON.parse(try await AirtableHTTP.send(server.baseURL, "GET", Self.table + "/\(id)").body)
            #expect(read["fields"] == fields)
            // A change moves the last-modified time, not the created time.
            try await Task.sleep(for: .milliseconds(20))
            let changed = try JSON.parse(
                try await AirtableHTTP.send(
                    server.baseURL, "PATCH", Self.table + "/\(id)", json: #"{"fields": {"Amount": 1}}"#
                ).body)
            #expect(changed["fields"]?["Created"]?.stringValue == created)
            #expect((changed["fields"]?["Modified"]?.stringValue ?? "") > created)
        }
    }

    @Test("cellFormat=string shows every cell as text in the request's time zone and locale")
    func stringCells() async throws {
        try await AirtableHTTP.withServer(Self.options()) { server in
            let record = try await Self.create(server, Self.documented)
            let id = record["id"]?.stringValue ?? ""
            let query = "?cellFormat=string&timeZone=America%2FNew_York&userLocale=en-us"
            let answer = try await AirtableHTTP.send(server.baseURL, "GET", Self.table + "/\(id)" + query)
            #expect(answer.status == 200, "\(answer.text)")
            let fields = try JSON.parse(answer.body)["fields"] ?? .null
            let expected: [String: String] = [
                "Name": "Union Square", "Notes": "Line one\nLine two", "Email": "hello@example.com",
                "Amount": "12.5", "Price": "$1,234.50", "Share": "25%", "Time": "1:30", "Stars": "3",
                "Day": "2014-09-05", "Moment": "9/5/2014 03:00", "Done": "checked", "Status": "Todo",
                "Tags": "a, b", "People": "Ada, Bob", "Owner": "Sandbox", "Team": "Sandbox",
                "Files": "photo.jpg (https://example.com/files/photo.jpg)", "Code": "012345678905",
                "Double": "25.00", "Headcount": "2", "Names": "Ada, Bob", "Ages": "77", "Number": "1",
                "Creator": "Sandbox", "Open": "Open",
            ]
            for (name, text) in expected {
                #expect(fields[name] == .string(text), "\(name): \(fields[name]?.jsonText ?? "nothing")")
            }
            #expect(fields.objectValue?.values.allSatisfy { $0.stringValue != nil } == true)
            // The list and its POST form answer the same text.
            let listed = try await AirtableHTTP.send(server.baseURL, "GET", Self.table + query)
            #expect(try JSON.parse(listed.body)["records"]?[0]?["fields"] == fields)
            let posted = try await AirtableHTTP.send(
                server.baseURL, "POST", Self.table + "/listRecords",
                json: #"{"cellFormat": "string", "timeZone": "America/New_York", "userLocale": "en-us"}"#)
            #expect(try JSON.parse(posted.body)["records"]?[0]?["fields"] == fields)
            // Another zone and locale move the time and the date order.
            let paris = try await AirtableHTTP.send(
                server.baseURL, "GET", Self.table + "/\(id)?cellFormat=string&timeZone=Europe%2FParis&userLocale=fr")
            #expect(try JSON.parse(paris.body)["fields"]?["Moment"] == "9/5/2014 09:00")
            // `string` needs both a valid time zone and a locale.
            for bad in [
                "?cellFormat=string", "?cellFormat=string&timeZone=UTC", "?cellFormat=string&userLocale=en-us",
                "?cellFormat=string&timeZone=Mars%2FOlympus&userLocale=en-us",
                "?cellFormat=string&timeZone=UTC&userLocale=not%20a%20locale", "?cellFormat=xml",
            ] {
                let refused = try await AirtableHTTP.send(server.baseURL, "GET", Self.table + bad)
                #expect(refused.status == 422 && refused.text == AirtableHTTP.invalidRequest, "\(bad)")
            }
        }
    }

    @Test("typecast turns text into each type's value")
    func typecast() async throws {
        try await AirtableHTTP.withServer(Self.options()) { server in
            let record = try await Self.create(
                server,
                #"""
                {"Name": 42, "Notes": ["one", "two"], "Amount": "1,234.5", "Price": "$12.50", "Share": "25%",
                 "Time": "1:30", "Stars": "4", "Day": "January 15, 2024", "Moment": "2024-01-15 10:00",
                 "Done": "yes", "Status": "New", "Tags": "b, c", "People": "Bob, recPersonAda00001",
                 "Owner": "sandbox@example.com", "Team": "Sandbox", "Code": "9780201633610"}
                """#, typecast: true)
            let fields = record["fields"] ?? .null
            #expect(fields["Name"] == "42")
            #expect(fields["Notes"] == "one, two")
            #expect(fields["Amount"] == 1234.5)
            #expect(fields["Price"] == 12.5)
            #expect(fields["Share"] == 0.25)
            #expect(fields["Time"] == 5400)
            #expect(fields["Stars"] == 4)
            #expect(fields["Day"] == "2024-01-15")
            #expect(fields["Moment"] == "2024-01-15T10:00:00.000Z")
            #expect(fields["Done"] == true)
            #expect(fields["Status"] == "New")
            #expect(fields["Tags"] == ["b", "c"])
            #expect(fields["People"] == ["recPersonBob00001", "recPersonAda00001"])
            #expect(fields["Owner"]?["id"] == "usrSandbox0000000")
            #expect(fields["Team"]?[0]?["name"] == "Sandbox")
            #expect(fields["Code"] == ["text": "9780201633610"])
            // The options typecast added are in the schema now.
            let schema = try JSON.parse(
                try await AirtableHTTP.send(server.baseURL, "GET", "/v0/meta/bases/appFieldTypes0001/tables").body)
            let status = schema["tables"]?[0]?["fields"]?.arrayValue?.first { $0["name"] == "Status" }
            #expect(
                status?["options"]?["choices"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == [
                    "Todo", "Done", "New",
                ])
            // Text typecast cannot read stays refused.
            for bad in [#"{"Amount": "0x10"}"#, #"{"Time": "1:xx"}"#, #"{"People": "Nobody"}"#, #"{"Day": "soon"}"#] {
                let refused = try await AirtableHTTP.send(
                    server.baseURL, "POST", Self.table, json: #"{"fields": \#(bad), "typecast": true}"#)
                #expect(refused.status == 422, "\(bad): \(refused.text)")
            }
        }
    }

    @Test("A wrong value for each type, or any value for a computed field, is a 422 naming the field")
    func refusals() async throws {
        try await AirtableHTTP.withServer(Self.options()) { server in
            let wrong: [(String, String)] = [
                ("Name", "1"), ("Amount", #""12""#), ("Price", "true"), ("Share", #""25%""#), ("Time", #""1:30""#),
                ("Stars", "9"), ("Stars", "2.5"), ("Day", #""2014-02-30""#), ("Moment", #""tomorrow""#),
                ("Done", #""yes""#), ("Status", #""Unknown""#), ("Tags", #""a""#), ("People", #"["Ada"]"#),
                ("Owner", #"{"id": "usrNobody00000000"}"#), ("Files", #""https://example.com/x.png""#),
                ("Code", #""123""#),
            ]
            for (field, value) in wrong {
                let refused = try await AirtableHTTP.send(
                    server.baseURL, "POST", Self.table, json: #"{"fields": {"\#(field)": \#(value)}}"#)
                #expect(refused.status == 422, "\(field) = \(value): \(refused.text)")
                let error = try? JSON.parse(refused.body)["error"]
                #expect(
                    ["INVALID_VALUE_FOR_COLUMN", "INVALID_MULTIPLE_CHOICE_OPTIONS"].contains(
                        error?["type"]?.stringValue ?? ""), "\(field): \(refused.text)")
            }
            for computed in [
                "Double", "Headcount", "Names", "Ages", "Created", "Modified", "Number", "Creator", "Open",
            ] {
                let refused = try await AirtableHTTP.send(
                    server.baseURL, "POST", Self.table, json: #"{"fields": {"\#(computed)": 1}}"#)
                #expect(
                    refused.text
                        == AirtableHTTP.error(
                            "INVALID_VALUE_FOR_COLUMN",
                            "Field \"\(computed)\" cannot accept a value because the field is computed"), "\(computed)")
            }
            let listed = try JSON.parse(try await AirtableHTTP.send(server.baseURL, "GET", Self.table).body)
            #expect(listed["records"]?.arrayValue?.isEmpty == true)
        }
    }
}
