import Foundation
import SandboxCore
import Testing

@testable import SandboxAirtable

@Suite("Airtable: filterByFormula")
struct AirtableFormulaTests {
    private static func names(_ sandbox: AirtableSandbox, _ formula: String, table: String = "Design%20projects") async
        -> [String]?
    {
        let encoded = formula.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let response = await sandbox.airtable("GET", AirtableTest.base + "/\(table)?filterByFormula=\(encoded)")
        guard response.status == 200 else { return nil }
        return response.airtableRecords.compactMap { $0["fields"]?["Name"]?.stringValue }
    }

    @Test(
        "Field references, literals, comparisons and AND/OR/NOT/BLANK select the right records",
        arguments: [
            ("{Category} = 'Brand identity'", 6),
            (#"{Category}="Brand identity""#, 6),
            ("{Category} != 'Brand identity'", 10),
            ("AND({Complete}, {Category} = 'Technology design')", 3),
            ("OR({Category} = 'Healthcare design', {Category} = 'Industrial design')", 6),
            ("NOT({Complete})", 5),
            ("{Complete} = FALSE()", 5),
            ("{Complete} = TRUE()", 11),
            ("{Complete}", 11),
            ("{Notes} = BLANK()", 12),
            ("{Notes} = ''", 12),
            ("NOT({Notes} = '')", 4),
            ("{Due date} >= '2020-11-01'", 2),
            ("{Due date} < '2020-10-05'", 2),
            ("{Due date} <= '2020-10-05'", 3),
            ("{Due date} > '2020-10-30'", 3),
            ("Name = 'CubePad'", 1),
            ("RECORD_ID() = 'rec6DyWEAw6ZOWrb4'", 1),
            ("TRUE()", 16),
            ("FALSE()", 0),
            ("1 < 2", 16),
            ("-1 > 0", 0),
            ("and(true, not(false))", 16),
            ("({Category} = 'Brand identity')", 6),
            ("{Project lead} = 'Gal Samari'", 4),
        ] as [(String, Int)]
    )
    func selects(formula: String, count: Int) async throws {
        let sandbox = try await AirtableTest.sandbox()
        let names = await Self.names(sandbox, formula)
        #expect(names?.count == count, "\(formula)")
    }

    @Test("Numbers compare as numbers, including numeric strings")
    func numbers() async throws {
        let sandbox = try await AirtableTest.sandbox()
        try await AirtableTest.addRankedTable(sandbox, count: 20)
        #expect(await Self.names(sandbox, "{Rank} > 15", table: "Ranked")?.count == 5)
        #expect(await Self.names(sandbox, "{Rank} = '7'", table: "Ranked") == ["Row 7"])
        #expect(await Self.names(sandbox, "AND({Rank} >= 3, {Rank} <= 4)", table: "Ranked") == ["Row 3", "Row 4"])
        #expect(await Self.names(sandbox, "{Rank} = -1", table: "Ranked") == [])
    }

    @Test(
        "Anything outside the supported formula language is 422 INVALID_FILTER_BY_FORMULA",
        arguments: [
            "AND(", "{Name} =", "'unterminated", "{Name", "NOT()", "NOT(1, 2)", "BLANK(1)", "{Name} == 'x'",
            "{Name} <> 'x'", "1.2.3", "“smart quotes”", ")", "()", "{Name} = 'a' 'b'", "NO_SUCH_FUNCTION(1)",
            "ROUND(1.5)", "LEN()", "MID('a', 1)", "1 +", "* 2", "IF(1)", "1e", "1e999",
            String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000),
            String(repeating: "NOT(", count: 500) + "1" + String(repeating: ")", count: 500),
        ]
    )
    func invalid(formula: String) async throws {
        try await expectInvalid(formula, "Invalid formula. Please check your formula text.")
    }

    /// Expects Airtable's 422 for a filter formula, with its reason.
    private func expectInvalid(
        _ formula: String, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let sandbox = try await AirtableTest.sandbox()
        let encoded = formula.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let response = await sandbox.airtable("GET", AirtableTest.table + "?filterByFormula=\(encoded)")
        #expect(response.status == 422, sourceLocation: sourceLocation)
        #expect(
            response.bodyText
                == AirtableTest.error(
                    "INVALID_FILTER_BY_FORMULA", "The formula for filtering records is invalid: " + reason),
            sourceLocation: sourceLocation)
    }

    @Test("Unknown field names are named in the error")
    func unknownFields() async throws {
        try await expectInvalid("AND({Budget} > 1, {Owner} = 'x', {Budget} < 5)", "Unknown field names: Budget, Owner")
    }

    @Test("A formula in the query is form-decoded: + is a space, %27 a quote")
    func formEncoding() async throws {
        let sandbox = try await AirtableTest.sandbox()
        let response = await sandbox.airtable(
            "GET", AirtableTest.table + "?filterByFormula=%7BCategory%7D%3D%27Brand+identity%27")
        #expect(response.airtableRecords.count == 6)
        let empty = await sandbox.airtable("GET", AirtableTest.table + "?filterByFormula=")
        #expect(empty.airtableRecords.count == 16)
    }

    @Test("The parser reads escapes, both quote styles, and Airtable's operator precedence")
    func parser() {
        #expect(
            AirtableFormula.parse(#"{Name} = "say \"hi\"""#) == .binary(.field("Name"), .equal, .string(#"say "hi""#)))
        #expect(AirtableFormula.parse("{A b} != 'it\\'s'") == .binary(.field("A b"), .notEqual, .string("it's")))
        #expect(AirtableFormula.parse("-2.5 <= 3") == .binary(.negate(.number(2.5)), .lessOrEqual, .number(3)))
        // * before +, + before &, & before =.
        #expect(
            AirtableFormula.parse("1 + 2 * 3 & 'x' = 'y'")
                == .binary(
                    .binary(
                        .binary(.number(1), .add, .binary(.number(2), .multiply, .number(3))), .concatenate,
                        .string("x")), .equal, .string("y")))
        #expect(
            AirtableFormula.parse("7 - 2 - 1")
                == .binary(.binary(.number(7), .subtract, .number(2)), .subtract, .number(1)))
        #expect(AirtableFormula.parse("len({Name})") == .call(.len, [.field("Name")]))
        #expect(AirtableFormula.parse("2.5e-1") == .number(0.25))
        #expect(AirtableFormula.parse("") == nil)
        #expect(AirtableFormula.parse("   ") == nil)
    }

    @Test("Text, date and number functions select the right records")
    func functions() async throws {
        let sandbox = try await AirtableTest.sandbox()
        #expect(await Self.names(sandbox, "FIND('Cube', {Name}) = 1") == ["CubePad"])
        #expect(await Self.names(sandbox, "LEN({Name}) = LEN('CubePad')")?.contains("CubePad") == true)
        #expect(await Self.names(sandbox, "REGEX_MATCH({Name}, '^Cube')") == ["CubePad"])
        let before = await Self.names(sandbox, "{Due date} < '2020-10-05'")
        #expect(await Self.names(sandbox, "IS_BEFORE({Due date}, '2020-10-05')") == before)
        #expect(await Self.names(sandbox, "DATETIME_FORMAT({Due date}, 'YYYY') = '2020'")?.count ?? 0 > 0)
        #expect(await Self.names(sandbox, "ISERROR(1 / 0)")?.count == 16)
    }

    @Test("A request's formulas share one work budget: past it, nothing matches")
    func budget() {
        let table = AirtableTable(id: "tblX", name: "X", position: 0, fields: [], views: [])
        let record = AirtableRecord(id: "recX", createdTime: "2024-01-01T00:00:00.000Z", sequence: 1)
        var evaluator = AirtableFormulaEvaluator(table: table, computation: AirtableComputation(budget: 50))
        let formula = AirtableFormula.parse("LEN(REPT('ab', 10)) = 20")!
        let first = evaluator.matches(formula, record)
        #expect(first)
        var matched = 0
        for _ in 0..<20 where evaluator.matches(formula, record) { matched += 1 }
        #expect(matched < 20)
        #expect(evaluator.budget < 0)
        var large = AirtableFormulaEvaluator(table: table, computation: AirtableComputation())
        let tooLong = large.evaluate(AirtableFormula.parse("REPT('x', 100001)")!, record)
        #expect(tooLong == .invalid)
        let longest = large.evaluate(AirtableFormula.parse("LEN(REPT('ab', 50000))")!, record)
        #expect(longest == .number(100_000))
    }
}
