import ExampleSupport
import Foundation

/// Walks the lessons against one backend, step by step, printing a heading
/// per lesson and letting each step's output through.
@MainActor
struct LessonsRunner {
    /// One step, run.
    struct StepResult {
        /// The command as a learner types it, without the backend options.
        var command: String
        /// The executable and its subcommand, such as `post-feed add`.
        var name: String
        /// The lesson's arguments.
        var arguments: [String]
        /// How it ended.
        var outcome: LessonStep.Outcome
    }

    /// One lesson, run.
    struct LessonResult {
        var lesson: Lesson
        var steps: [StepResult]
    }

    /// The lessons of this run.
    let lessons: [Lesson]
    private let backend: Backend
    private let options: BackendOptions
    private let directory: URL
    private let terminal = Terminal.current

    /// Prepares a run on `backend`; the executables are the ones next to
    /// this one.
    init(backend: Backend, options: BackendOptions) throws {
        self.backend = backend
        self.options = options
        directory = Self.executablesDirectory()
        let now = Date()
        let stamp = now.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false))
        let today = now.formatted(.iso8601.year().month().day())
        let downloads = try options.stateDirectory(named: "lessons").appendingPathComponent("soogreyhounds")
        // Signed in: a new account, its name on the post (password from
        // FIREBASE_PASSWORD); not when the run writes with a database secret.
        lessons = Lesson.all(
            stamp: stamp, today: today, downloads: downloads,
            signsIn: backend.isEmbedded || backend.credentials.firebaseAuth == nil)
    }

    /// Runs `lessons` in order, every step even after a failure.
    func run(_ lessons: [Lesson]) async -> [LessonResult] {
        var results: [LessonResult] = []
        for lesson in lessons {
            heading("Lesson \(lesson.number) · \(lesson.title)")
            var steps: [StepResult] = []
            for arguments in lesson.steps {
                let command = ([lesson.executable] + arguments).map(Self.quoted).joined(separator: " ")
                if !options.json {
                    print(terminal.styled("$ \(command)", .dim))
                }
                let step = LessonStep(
                    executable: directory.appendingPathComponent(lesson.executable),
                    arguments: arguments,
                    backendArguments: backendArguments,
                    environment: environment
                )
                let outcome = await step.run(capturing: options.json)
                let name = ([lesson.executable] + arguments.prefix(1)).joined(separator: " ")
                steps.append(StepResult(command: command, name: name, arguments: arguments, outcome: outcome))
                if !options.json {
                    print("")
                }
            }
            results.append(LessonResult(lesson: lesson, steps: steps))
        }
        return results
    }

    /// What every example accepts: the backend this runner uses, the data
    /// directory it was given, `--reset`, and the output format.
    private var backendArguments: [String] {
        var arguments = ["--base-url", backend.baseURL.absoluteString]
        if let dataDirectory = options.dataDirectory {
            arguments += ["--data-dir", dataDirectory]
        }
        if options.reset {
            // The examples' own remembered state starts again with the sandbox.
            arguments.append("--reset")
        }
        if options.json {
            arguments.append("--json")
        }
        return arguments
    }

    /// On the embedded sandbox, the children use the sandbox's own
    /// credentials: real ones from the environment or a `.env` must not be
    /// sent to it. Empty values count as unset and hide the file's. The
    /// signed-in step's new account gets a password made for this run,
    /// passed in the environment, never on a command line.
    private var environment: [String: String] {
        guard backend.isEmbedded else {
            return ProcessInfo.processInfo.environment["FIREBASE_PASSWORD"] == nil
                ? ["FIREBASE_PASSWORD": runPassword] : [:]
        }
        return [
            "AIRTABLE_TOKEN": "", "AIRTABLE_BASE_ID": "", "FIREBASE_AUTH": "", "SOOGREYHOUNDS_API_KEY": "",
            "FIREBASE_API_KEY": "", "FIREBASE_PASSWORD": runPassword,
        ]
    }

    /// A password for the run's new account.
    private let runPassword = UUID().uuidString

    private func heading(_ title: String) {
        let line = "━━ \(title) " + String(repeating: "━", count: max(3, 60 - title.count))
        if options.json {
            Terminal.writeToStandardError(line + "\n")
        } else {
            print(terminal.styled(line, .cyan))
        }
    }

    /// The folder this executable is in, where SwiftPM builds its siblings.
    private static func executablesDirectory() -> URL {
        let executable =
            Bundle.main.executableURL
            ?? URL(fileURLWithPath: CommandLine.arguments.first ?? "lessons").resolvingSymlinksInPath()
        return executable.deletingLastPathComponent()
    }

    /// An argument as a shell would need it typed.
    private static func quoted(_ argument: String) -> String {
        let plain = argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./:=@,".contains($0) }
        return plain && !argument.isEmpty ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
