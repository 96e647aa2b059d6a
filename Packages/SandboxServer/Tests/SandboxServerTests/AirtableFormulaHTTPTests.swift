import Foundation
import Networking
import Testing

/// Every function of Airtable's formula reference, over HTTP, against the
/// values its documentation gives (or, where it gives none, what Airtable
/// computes for the example): each formula is sent as
/// `filterByFormula=(formula) & '' = 'expected'`, which keeps the lesson
/// table's records only when the formula's text is exactly `expected`,
/// and once more with a wrong expectation, which must keep none.
@Suite("Airtable formulas over HTTP: the formula reference's examples")
struct AirtableFormulaHTTPTests {
    static let examples: [(formula: String, expected: String)] = [
        // Text
        ("CONCATENATE('Bob', ' - ', 43)", "Bob - 43"),
        ("'Bob' & ' - ' & 43", "Bob - 43"),
        ("ENCODE_URL_COMPONENT('chicken & waffles')", "chicken%20%26%20waffles"),
        ("FIND('fox', 'quick brown fox')", "13"),
        ("FIND('x', 'abc')", "0"),
        ("FIND('o', 'hello world', 6)", "8"),
        ("SEARCH('fox', 'quick brown fox')", "13"),
        ("SEARCH('x', 'abc')", ""),
        ("LEFT('quick brown fox', 5)", "quick"),
        ("RIGHT('quick brown fox', 5)", "n fox"),
        ("MID('quick brown fox', 6, 5)", " brow"),
        ("LEN('quick brown fox')", "15"),
        ("LEN('🦊')", "2"),
        ("LOWER('Hello World')", "hello world"),
        ("UPPER('Hello')", "HELLO"),
        ("REPLACE('database', 2, 5, 'o')", "dose"),
        ("REPT('Hi! ', 3)", "Hi! Hi! Hi! "),
        ("SUBSTITUTE('gold mold', 'old', 'et')", "get met"),
        ("SUBSTITUTE('gold mold', 'old', 'et', 2)", "gold met"),
        ("T('Hello')", "Hello"),
        ("T(42)", ""),
        ("TRIM('  Hello! ')", "Hello!"),
        ("REGEX_MATCH('Hello World', 'Hello.World')", "1"),
        ("REGEX_MATCH('Hello World', '^World')", "0"),
        ("REGEX_EXTRACT('Hello World', 'W.*')", "World"),
        ("REGEX_EXTRACT('order 66 and 77', '[0-9]+')", "66"),
        ("REGEX_REPLACE('Hello World', ' W.*', '')", "Hello"),
        ("REGEX_REPLACE('a1b22c333', '[0-9]+', '#')", "a#b#c#"),
        // Logical
        ("IF(2 > 1, 'yes', 'no')", "yes"),
        ("IF(0, 'yes')", ""),
        ("SWITCH(3, 1, 'one', 3, 'three', 'other')", "three"),
        ("SWITCH(9, 1, 'one', 'other')", "other"),
        ("AND(1, 'a', TRUE())", "1"),
        ("OR(0, '', FALSE())", "0"),
        ("XOR(1, 1, 1)", "1"),
        ("NOT(0)", "1"),
        ("ISERROR(ERROR())", "1"),
        ("ISERROR(1 / 0)", "1"),
        ("ISERROR('abc' * 2)", "1"),
        ("ISERROR(1)", "0"),
        ("BLANK()", ""),
        ("TRUE() + TRUE()", "2"),
        // Numeric
        ("ABS(-5.5)", "5.5"),
        ("AVERAGE(1, 2, 3, 6)", "3"),
        ("CEILING(1.01, 0.1)", "1.1"),
        ("CEILING(7, 5)", "10"),
        ("COUNT(1, 2, 'a', '')", "2"),
        ("COUNTA(1, 2, 'a', '')", "3"),
        ("COUNTALL(1, 2, 'a', '')", "4"),
        ("EVEN(1.5)", "2"),
        ("EVEN(3)", "4"),
        ("ODD(1.5)", "3"),
        ("ODD(-2.5)", "-3"),
        ("EXP(0)", "1"),
        ("FLOOR(1.99, 0.5)", "1.5"),
        ("INT(-1.5)", "-2"),
        ("LOG(1024, 2)", "10"),
        ("LOG(100)", "2"),
        ("MAX(1, 5, 3)", "5"),
        ("MIN(4, 2)", "2"),
        ("MOD(7, 5)", "2"),
        ("POWER(2, 10)", "1024"),
        ("ROUND(1.5, 0)", "2"),
        // Ties half up, toward positive infinity, as the reference says.
        ("ROUND(-1.5, 0)", "-1"),
        ("ROUND(-2.5, 0)", "-2"),
        ("ROUND(2.5, 0)", "3"),
        ("ROUND(-0.125, 2)", "-0.12"),
        ("ROUNDUP(-1.11, 1)", "-1.2"),
        ("ROUNDDOWN(-1.19, 1)", "-1.1"),
        ("ROUND(1.005, 2)", "1.01"),
        ("ROUND(1234, -2)", "1200"),
        ("ROUNDUP(1.11, 1)", "1.2"),
        ("ROUNDDOWN(1.19, 1)", "1.1"),
        ("SQRT(16)", "4"),
        ("SUM(1, 2, 3.5)", "6.5"),
        ("VALUE('$1,000.50')", "1000.5"),
        ("10 / 4", "2.5"),
        ("2 + 3 * 4", "14"),
        ("(2 + 3) * 4", "20"),
        ("-3 + 5", "2"),
        ("7 - 2 - 1", "4"),
        // Date and time
        ("DATETIME_FORMAT('2024-01-15', 'M/D/YYYY')", "1/15/2024"),
        (
            "DATETIME_FORMAT(DATETIME_PARSE('2024-03-05 14:07:09', 'YYYY-MM-DD HH:mm:ss'), 'dddd, MMMM Do YYYY, h:mm:ss a')",
            "Tuesday, March 5th 2024, 2:07:09 pm"
        ),
        ("DATETIME_FORMAT('2024-03-05', 'LL')", "March 5, 2024"),
        ("DATETIME_FORMAT('2024-03-05', '[Week] W, Q[Q]')", "Week 10, 1Q"),
        ("DATETIME_PARSE('4 Mar 2017 23:00', 'D MMM YYYY HH:mm')", "2017-03-04T23:00:00.000Z"),
        ("DATETIME_PARSE('10/22/2003')", "2003-10-22T00:00:00.000Z"),
        ("DATETIME_PARSE('2024-01-15T10:00:00+02:00')", "2024-01-15T08:00:00.000Z"),
        ("ISERROR(DATETIME_PARSE('not a date'))", "1"),
        ("DATESTR('2024-01-15T10:30:00.000Z')", "2024-01-15"),
        // Dates as text, with a time on either clock: one parser for all.
        ("DATESTR('07/10/19 13:00')", "2019-07-10"),
        ("HOUR('4 Mar 2017 7:00')", "7"),
        ("HOUR('07/10/19 1:00 PM')", "13"),
        ("MINUTE('March 4, 2017 7:45:10')", "45"),
        ("DATETIME_PARSE('4 Mar 2017 7:00')", "2017-03-04T07:00:00.000Z"),
        ("DATETIME_PARSE('2017/3/4 19:30')", "2017-03-04T19:30:00.000Z"),
        ("DATETIME_FORMAT(SET_TIMEZONE('07/10/19 13:00', 'Europe/Paris'), 'HH:mm')", "15:00"),
        // SET_LOCALE, from the platform's locale data
        ("DATETIME_FORMAT(SET_LOCALE('07/10/19', 'es'), 'LLLL')", "miércoles, 10 de julio de 2019 0:00"),
        ("DATETIME_FORMAT(SET_LOCALE('07/10/19', 'fr'), 'LL')", "10 juillet 2019"),
        (
            "DATETIME_FORMAT(SET_LOCALE(SET_TIMEZONE('07/10/19 13:00', 'Europe/Berlin'), 'de'), 'dddd HH:mm')",
            "Mittwoch 15:00"
        ),
        ("DATETIME_FORMAT(SET_LOCALE('07/10/19', 'xx-unknown'), 'MMMM')", "July"),
        ("TIMESTR('2024-01-15T10:30:05.000Z')", "10:30:05"),
        ("DATEADD('2024-01-31', 1, 'months')", "2024-02-29T00:00:00.000Z"),
        ("DATEADD('2024-01-15', 10, 'days')", "2024-01-25T00:00:00.000Z"),
        ("DATEADD('2024-01-15T10:00:00.000Z', -90, 'minutes')", "2024-01-15T08:30:00.000Z"),
        ("DATETIME_DIFF('2024-03-01', '2024-01-01', 'days')", "60"),
        ("DATETIME_DIFF('2024-03-01', '2024-01-01', 'months')", "2"),
        ("DATETIME_DIFF('2022-10-14', '2022-10-15', 'seconds')", "-86400"),
        ("DATETIME_DIFF('2024-01-02', '2024-01-01')", "86400"),
        ("YEAR('2024-03-05')", "2024"),
        ("MONTH('2024-03-05')", "3"),
        ("DAY('2024-03-05')", "5"),
        ("HOUR('2024-03-05T14:07:09.000Z')", "14"),
        ("MINUTE('2024-03-05T14:07:09.000Z')", "7"),
        ("SECOND('2024-03-05T14:07:09.000Z')", "9"),
        ("WEEKDAY('2024-03-05')", "2"),
        ("WEEKDAY('2024-03-05', 'Monday')", "1"),
        ("WEEKNUM('2024-03-05')", "10"),
        ("IS_AFTER('2024-01-02', '2024-01-01')", "1"),
        ("IS_BEFORE('2024-01-02', '2024-01-01')", "0"),
        ("IS_SAME('2024-01-15', '2024-01-20', 'month')", "1"),
        ("IS_SAME('2024-01-15', '2024-02-15', 'month')", "0"),
        ("IS_SAME('2024-01-15', '2024-01-15')", "1"),
        (
            "DATETIME_FORMAT(SET_TIMEZONE('2024-01-15T12:00:00.000Z', 'America/New_York'), 'YYYY-MM-DD HH:mm Z')",
            "2024-01-15 07:00 -05:00"
        ),
        ("HOUR(SET_TIMEZONE('2024-07-15T12:00:00.000Z', 'Europe/Paris'))", "14"),
        ("WORKDAY('2024-03-01', 1)", "2024-03-04T00:00:00.000Z"),
        ("WORKDAY('2024-03-01', 5, '2024-03-04')", "2024-03-11T00:00:00.000Z"),
        ("WORKDAY_DIFF('2024-03-01', '2024-03-08')", "6"),
        ("WORKDAY_DIFF('2024-03-01', '2024-03-08', '2024-03-04')", "5"),
        ("IS_AFTER(NOW(), '2020-01-01')", "1"),
        ("DATETIME_DIFF(NOW(), TODAY(), 'days')", "0"),
        // Records
        ("LEN(RECORD_ID())", "17"),
        ("IS_BEFORE(CREATED_TIME(), NOW())", "1"),
    ]

    @Test("Each example gives its documented value, and only that")
    func examples() async throws {
        try await AirtableHTTP.withServer { server in
            var failures: [String] = []
            for (formula, expected) in Self.examples {
                let right = try await Self.count(server.baseURL, "(\(formula)) & '' = '\(expected)'")
                let wrong = try await Self.count(server.baseURL, "(\(formula)) & '' = '\(expected)~'")
                if right != 1 || wrong != 0 {
                    let shown = try await Self.count(server.baseURL, "(\(formula)) & '' != ''")
                    failures.append(
                        "\(formula): expected \(expected) (matched \(right), wrong \(wrong), non-blank \(shown))")
                }
            }
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        }
    }

    /// How many of the table's records a formula keeps, at most one.
    private static func count(_ baseURL: URL, _ formula: String) async throws -> Int {
        let encoded = formula.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let response = try await AirtableHTTP.send(
            baseURL, "GET", AirtableHTTP.table + "?maxRecords=1&filterByFormula=\(encoded)")
        guard response.status == 200 else { return -response.status }
        return (try JSON.parse(response.body))["records"]?.arrayValue?.count ?? -1
    }
}
