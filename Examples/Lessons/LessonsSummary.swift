import ExampleSupport
import Foundation
import Networking

/// The end of a run: a table of every step with its result and time.
@MainActor
enum LessonsSummary {
    static func render(_ results: [LessonsRunner.LessonResult], terminal: Terminal) -> String {
        var table = TextTable(columns: [
            .init("Lesson"), .init("Step"), .init("Result"), .init("Time", alignment: .right),
        ])
        for result in results {
            for step in result.steps {
                table.append([
                    "\(result.lesson.number) \(result.lesson.title)", step.name,
                    step.outcome.status == 0 ? "ok" : "failed (\(step.outcome.status))",
                    String(format: "%.1f s", step.outcome.duration.seconds),
                ])
            }
        }
        let steps = results.flatMap(\.steps)
        let passed = steps.filter { $0.outcome.status == 0 }.count
        let verdict = "\(passed) of \(steps.count) steps passed."
        return [
            terminal.styled("━━ Summary " + String(repeating: "━", count: 53), .cyan),
            table.render(using: terminal),
            "",
            terminal.styled(verdict, passed == steps.count ? .green : .red),
        ].joined(separator: "\n")
    }
}

/// `--json` for `lessons`: every step with its status, time and its own
/// JSON output.
struct LessonsDocument: Encodable {
    struct Step: Encodable {
        var command: [String]
        var status: Int32
        var seconds: Double
        /// The step's `--json` output; `null` when it printed none.
        var output: JSON?
    }

    struct LessonEntry: Encodable {
        var number: Int
        var title: String
        var steps: [Step]
    }

    var baseURL: URL
    var passed: Bool
    var lessons: [LessonEntry]

    @MainActor
    init(baseURL: URL, results: [LessonsRunner.LessonResult]) {
        self.baseURL = baseURL
        lessons = results.map { result in
            LessonEntry(
                number: result.lesson.number, title: result.lesson.title,
                steps: result.steps.map { step in
                    Step(
                        command: [result.lesson.executable] + step.arguments,
                        status: step.outcome.status,
                        seconds: step.outcome.duration.seconds,
                        output: step.outcome.output.flatMap { try? JSONDecoder().decode(JSON.self, from: $0) })
                })
        }
        passed = lessons.allSatisfy { $0.steps.allSatisfy { $0.status == 0 } }
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
