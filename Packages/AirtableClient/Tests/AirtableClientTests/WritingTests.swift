import AirtableClient
import Foundation
import Models
import Networking
import Sandbox
import Testing

@Suite("Writing records")
struct WritingTests {
    @Test("Creating one record returns it with a rec id and its fields")
    func createOne() async throws {
        let harness = try await Harness()
        let project = Project(name: "Test", dueDate: CalendarDate("2024-01-31"), category: "Brand identity")
        let record = try await harness.client().create(project)
        #expect(record.id.hasPrefix("rec"))
        #expect(record.id.count == 17)
        #expect(record.fields == project)
        #expect(await harness.sandbox.airtable.recordCount(inTable: "Design projects") == 17)
    }

    @Test("Creating 25 records makes 3 requests and returns all 25 in order")
    func createMany() async throws {
        let harness = try await Harness()
        let projects = (1...25).map { Project(name: "Batch \($0)") }
        let records = try await harness.client().create(projects)
        #expect(records.map(\.fields.name) == projects.map(\.name))
        #expect(Set(records.map(\.id)).count == 25)
        #expect(await harness.requests(method: "POST").count == 3)
        #expect(await harness.sandbox.airtable.recordCount(inTable: "Design projects") == 41)
    }

    @Test("An empty list makes no request")
    func emptyBatches() async throws {
        let harness = try await Harness()
        let client = harness.client()
        #expect(try await client.create([Project]()).isEmpty)
        #expect(try await client.update([AirtableRecordUpdate<Project>]()).isEmpty)
        #expect(try await client.delete([String]()).isEmpty)
        #expect(await harness.requests().isEmpty)
    }

    @Test("typecast lets Airtable convert a string and add a select option")
    func typecast() async throws {
        let harness = try await Harness()
        let client = harness.client()
        let fields: [String: JSON] = ["Name": "Typecast", "Category": "Sound design", "Complete": "true"]
        await #expect {
            _ = try await client.create(fields)
        } throws: { error in
            guard let error = error as? NetworkError, case .httpStatus(let failure) = error else { return false }
            return failure.status == 422 && error.airtableError != nil
        }
        let record = try await client.create(fields, typecast: true)
        #expect(record.fields["Category"] == "Sound design")
        #expect(record.fields["Complete"] == true)
        #expect(await harness.sandbox.airtable.recordCount(inTable: "Design projects") == 17)
    }

    @Test("An unknown field is Airtable's UNKNOWN_FIELD_NAME, and nothing is written")
    func unknownField() async throws {
        let harness = try await Harness()
        let fields: [String: JSON] = ["Name": "X", "Colour": "red"]
        await #expect {
            _ = try await harness.client().create([fields, fields])
        } throws: { error in
            let airtable = (error as? NetworkError)?.airtableError
            return airtable?.type == .unknownFieldName && airtable?.message == "Unknown field name: \"Colour\""
        }
        #expect(await harness.sandbox.airtable.recordCount(inTable: "Design projects") == 16)
    }

    @Test("PATCH updates the given fields and keeps the rest")
    func updateOne() async throws {
        let harness = try await Harness()
        let client = harness.client()
        let patch: [String: JSON] = ["Notes": "Updated"]
        let updated = try await client.update("rec3g0Xxmw2rw3scs", fields: patch)
        #expect(updated.fields["Notes"] == "Updated")
        #expect(updated.fields["Name"] == "CMCA brand identity")
        let reread = try await client.record(id: "rec3g0Xxmw2rw3scs", as: Project.self)
        #expect(reread.fields.notes == "Updated")
        #expect(reread.fields.category == "Brand identity")
    }

    @Test("PUT replaces the record, clearing the fields left out")
    func replaceOne() async throws {
        let harness = try await Harness()
        let client = harness.client()
        let replaced = try await client.replace("rec3g0Xxmw2rw3scs", fields: Project(name: "Renamed"))
        #expect(replaced.fields == Project(name: "Renamed"))
        let reread = try await client.record(id: "rec3g0Xxmw2rw3scs", as: Project.self)
        #expect(reread.fields.category == nil)
        #expect(reread.fields.projectImages.isEmpty)
    }

    @Test("Updating and replacing 12 records make 2 requests each")
    func manyUpdates() async throws {
        let harness = try await Harness()
        let client = harness.client()
        let created = try await client.create((1...12).map { Project(name: "Row \($0)", notes: "old") })
        let updates = created.map { AirtableRecordUpdate(id: $0.id, fields: ["Notes": JSON.string("new")]) }
        let updated = try await client.update(updates)
        #expect(updated.map(\.id) == created.map(\.id))
        #expect(updated.allSatisfy { $0.fields["Notes"] == "new" && $0.fields["Name"] != nil })
        #expect(await harness.requests(method: "PATCH").count == 2)

        let replacements = created.map { AirtableRecordUpdate(id: $0.id, fields: Project(name: "Only name")) }
        let replaced = try await client.replace(replacements)
        #expect(replaced.allSatisfy { $0.fields == Project(name: "Only name") })
        #expect(await harness.requests(method: "PUT").count == 2)
    }

    @Test("Updating a missing record is Airtable's error, with its type")
    func updateMissing() async throws {
        let harness = try await Harness()
        await #expect {
            _ = try await harness.client().update(
                [AirtableRecordUpdate(id: "recMissing0000000", fields: Project(name: "X"))])
        } throws: { error in
            let type = (error as? NetworkError)?.airtableError?.type
            return type == .rowDoesNotExist || type == .notFound
        }
    }

    @Test("Upsert on Name updates the matches and creates the rest, 10 per request")
    func upsert() async throws {
        let harness = try await Harness()
        let client = harness.client()
        let existing = ["CMCA brand identity", "CubePad", "Lemon headband"].map { Project(name: $0, notes: "upserted") }
        let new = (1...9).map { Project(name: "Upserted \($0)", notes: "upserted") }
        let result = try await client.upsert(existing + new, mergingOn: ["Name"])
        #expect(result.records.count == 12)
        #expect(result.updatedRecordIDs.count == 3)
        #expect(result.createdRecordIDs.count == 9)
        #expect(result.updatedRecordIDs.contains("rec3g0Xxmw2rw3scs"))
        #expect(await harness.requests(method: "PATCH").count == 2)
        #expect(await harness.sandbox.airtable.recordCount(inTable: "Design projects") == 25)
        let cubePad = try await client.record(id: "recF3yQ5GgUUOjwnx", as: Project.self)
        #expect(cubePad.fields.notes == "upserted")
        #expect(cubePad.fields.category == "Technology design")
    }

    @Test("Deleting one record, then 15 in 2 requests")
    func delete() async throws {
        let harness = try await Harness()
        let client = harness.client()
        let deleted = try await client.delete("rec3g0Xxmw2rw3scs")
        #expect(deleted == AirtableDeletedRecord(id: "rec3g0Xxmw2rw3scs", deleted: true))
        let rest = try await client.records(as: Project.self).map(\.id)
        #expect(rest.count == 15)
        let results = try await client.delete(rest)
        #expect(results.map(\.id) == rest)
        #expect(results.allSatisfy { $0.deleted })
        #expect(await harness.requests(method: "DELETE").count == 3)
        #expect(await harness.sandbox.airtable.recordCount(inTable: "Design projects") == 0)
    }

    @Test("Deleting with an empty id sends nothing")
    func deleteEmptyID() async throws {
        let harness = try await Harness()
        await #expect(throws: NetworkError.self) {
            try await harness.client().delete(["rec3g0Xxmw2rw3scs", ""])
        }
        #expect(await harness.requests().isEmpty)
        #expect(await harness.sandbox.airtable.recordCount(inTable: "Design projects") == 16)
    }

    @Test("A dropped connection on a create is not retried, since the record may exist")
    func createNotRetriedOnDrop() async throws {
        let harness = try await Harness()
        try harness.sandbox.faults.inject(Fault(path: "/v0/*", method: "POST", action: .dropConnection))
        await #expect {
            _ = try await harness.client().create(Project(name: "Maybe"))
        } throws: { error in
            guard let error = error as? NetworkError, case .connectionLost = error else { return false }
            return true
        }
        #expect(await harness.requests().count == 1)
    }
}
