import ArgumentParser
import ExampleSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `lessons` example: all five lessons in order, on one sandbox, by
/// running each lesson's own executable as a learner would.
@main
struct LessonsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lessons",
        abstract: "Run all five lessons end to end, in order, on one sandbox.",
        discussion: """
            It starts one Sandbox (or uses --base-url) and runs the five examples next to it \
            against it, each with --base-url: airtable-projects (list, create), post-feed (list a \
            page, add), message-board (create a thread, send to it), bankey (the summary of user 1) \
            and soogreyhounds (the latest photos, a download, then an upload). Their output streams under a \
            heading per lesson; it exits 1 if any step fails, after running the rest.
            """
    )

    @Option(
        name: .customLong("only"),
        help: ArgumentHelp(
            "Run only this lesson: 1-5, or airtable, post-feed, message-board, bankey, soogreyhounds (repeatable).",
            valueName: "lesson"))
    var only: [String] = []

    @OptionGroup var backend: BackendOptions

    func validate() throws {
        let known = Lesson.all(stamp: "", today: "", downloads: URL(fileURLWithPath: "/"))
        for name in only where !known.contains(where: { $0.matches(name) }) {
            throw ValidationError("Unknown lesson \"\(name)\"; use 1-5 or a lesson's name, such as post-feed.")
        }
    }

    func run() async throws {
        await Self.runLessons(only: only, options: backend)
    }

    @MainActor
    private static func runLessons(only: [String], options: BackendOptions) async {
        await Backend.run(options) { backend in
            let runner = try LessonsRunner(backend: backend, options: options)
            let lessons = runner.lessons.filter { lesson in only.isEmpty || only.contains(where: lesson.matches) }
            let results = await runner.run(lessons)
            if options.json {
                try JSONOutput.print(LessonsDocument(baseURL: backend.baseURL, results: results))
            } else {
                print(LessonsSummary.render(results, terminal: .current))
            }
            // The summary is on the terminal before a failure's line.
            fflush(nil)
            let failed = results.flatMap(\.steps).filter { $0.outcome.status != 0 }
            if !failed.isEmpty {
                let names = failed.map(\.name).joined(separator: ", ")
                throw ExampleFailure("\(failed.count) of \(results.flatMap(\.steps).count) steps failed: \(names)")
            }
        }
    }
}
