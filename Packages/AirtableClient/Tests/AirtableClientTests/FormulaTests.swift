import AirtableClient
import Foundation
import Models
import Networking
import Sandbox
import Testing

@Suite("Formulas built with their values quoted")
struct FormulaTests {
    @Test("Values, fields, calls and logic are written as Airtable reads them")
    func text() {
        #expect(AirtableFormula.string(#"O'Brien "Q" \ end"#).text == #""O'Brien \"Q\" \\ end""#)
        #expect(AirtableFormula.field("Due date").text == "{Due date}")
        #expect(AirtableFormula.field(#"a}b\c"#).text == #"{a\}b\\c}"#)
        #expect(AirtableFormula.number(3).text == "3")
        #expect(AirtableFormula.number(2.5).text == "2.5")
        #expect(AirtableFormula.number(4.0).text == "4")
        #expect(AirtableFormula.number(.nan).text == "BLANK()")
        #expect(AirtableFormula.bool(true).text == "TRUE()")
        #expect(
            AirtableFormula.date(Date(timeIntervalSince1970: 1_700_000_000.25)).text
                == #"DATETIME_PARSE("2023-11-14T22:13:20.250Z")"#)
        #expect(AirtableFormula.call("FIND", .string("a"), .field("Name")).text == #"FIND("a",{Name})"#)
        #expect(AirtableFormula.call("LEN);DROP(", .field("x")).text == "LENDROP({x})")
        let formula = AirtableFormula.field("Name").equals(.string("x")).and(.field("Complete").not)
        #expect(formula.text == #"AND({Name}="x",NOT({Complete}))"#)
        #expect(AirtableFormula.field("a").equals(.number(1)).equals(.bool(true)).text == "({a}=1)=TRUE()")
        #expect(AirtableFormula(raw: "1+1").isGreater(than: .number(1)).text == "(1+1)>1")
        #expect(
            AirtableFormula.match(["Name": .string("x"), "Budget": .number(5)], matchingAny: true).text
                == #"OR({Name}="x",{Budget}=5)"#)
        #expect(AirtableFormula.match(["Name": .string("x")]).text == #"{Name}="x""#)
    }

    @Test("A value full of quotes and backslashes finds exactly its record in the Sandbox")
    func hostileValues() async throws {
        let harness = try await Harness()
        let client = harness.client()
        let names = [#"O'Brien "Q""#, #"back\slash"#, #"it's "x") OR TRUE() OR ("#, "plain"]
        for name in names {
            _ = try await client.create(["Name": JSON.string(name)])
        }
        for name in names {
            let formula = AirtableFormula.field("Name").equals(.string(name))
            let found = try await client.records(AirtableQuery(filterByFormula: formula.text), as: [String: JSON].self)
            #expect(found.map { $0.fields["Name"] } == [.string(name)], "\(name)")
        }
    }
}

@Suite("first(matching:)")
struct FirstMatchingTests {
    @Test("One request with maxRecords=1 and the formula; nil when nothing matches")
    func firstMatching() async throws {
        let harness = try await Harness()
        let client = harness.client()
        let cubePad = try await client.first(matching: .match(["Name": .string("CubePad")]), as: Project.self)
        #expect(cubePad?.fields.name == "CubePad")
        let none = try await client.first(matching: .match(["Name": .string("No such project")]), as: Project.self)
        #expect(none == nil)
        let requests = await harness.requests()
        #expect(requests.count == 2)
        #expect(requests.allSatisfy { $0.rawQuery?.contains("maxRecords=1") == true })
    }
}
