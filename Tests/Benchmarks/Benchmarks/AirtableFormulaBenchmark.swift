import Foundation
import Networking
import Sandbox

/// Benchmark 11: the Airtable emulator's time to answer a list request
/// whose `filterByFormula` calls a text function and a date function, over
/// 10,000 records, next to the same list without a formula.
///
/// "Server time" is what `Sandbox.respond(to:)` takes, as in benchmark 4:
/// everything the server does for the request but the socket.
struct AirtableFormulaBenchmark {
    let settings: BenchmarkSettings

    /// The formula: a text function on one field, a date function on
    /// another, as a filter typically combines them. A tenth of the records
    /// match.
    static let formula = "AND(FIND('7', {Name}) > 0, IS_AFTER({Due}, DATETIME_PARSE('2024-06-01')))"

    func run() async throws -> [ResultRow] {
        let count = settings.count(10_000, minimum: 500)
        let sandbox = try await Self.sandbox(records: count)
        let encoded = Self.formula.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let filtered = Self.request("filterByFormula=\(encoded)")
        let plain = Self.request("")
        let samples = try await Repetitions.interleaved(
            settings.rounds,
            variants: [filtered, plain].map { request in
                { try await Stopwatch.seconds { try await Self.answer(sandbox, request) } }
            })
        let perRecord = samples[0].median / Double(count) * 1e9
        return [
            .info(
                "11. Airtable filterByFormula with FIND and IS_AFTER, \(Format.grouped(count)) records",
                measured: "with the formula: \(Format.duration(samples[0])); without: \(Format.duration(samples[1])) "
                    + "per request (a page of 100)",
                judgedBy: "server time per record filtered", ratio: String(format: "%.0f ns", perRecord))
        ]
    }

    private static func request(_ query: String) -> SandboxRequest {
        SandboxRequest(
            method: "GET", path: "/v0/\(AirtableEmulator.lessonBaseID)/Filtered", rawQuery: query,
            headers: ["Authorization": "Bearer " + AirtableEmulator.Configuration.defaultToken])
    }

    private static func answer(_ sandbox: Sandbox, _ request: SandboxRequest) async throws {
        let response = await sandbox.respond(to: request)
        guard response.status == 200 else {
            throw BenchmarkFailure(
                "a list answered \(response.status): \(String(decoding: response.data, as: UTF8.self))")
        }
    }

    private static func sandbox(records count: Int) async throws -> Sandbox {
        var configuration = SandboxConfiguration()
        configuration.airtable.rateLimitEnabled = false
        let sandbox = try await Sandbox(configuration: configuration)
        let rows = (0..<count).map { index -> JSON in
            let day = 1 + index % 28
            let month = 1 + index % 12
            return [
                "Name": .string("Project \(index)"),
                "Due": .string(String(format: "2024-%02d-%02d", month, day)),
            ]
        }
        try await sandbox.airtable.addTable(
            named: "Filtered", fields: [.init("Name", .singleLineText), .init("Due", .date)], records: rows)
        return sandbox
    }
}
