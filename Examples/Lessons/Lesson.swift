import Foundation

/// One lesson's flow as the runner walks it: which sibling executable, and
/// the commands a learner would type, in order.
struct Lesson: Sendable {
    /// 1 to 5, the course's order.
    var number: Int
    /// The heading, such as `Post feed`.
    var title: String
    /// The executable's name, next to `lessons`.
    var executable: String
    /// The names `--only` accepts besides the number.
    var aliases: [String]
    /// The commands, without the backend options the runner adds.
    var steps: [[String]]

    /// The five lessons, in order, for one run. Titles and texts made here
    /// carry `stamp`, so a run's thread and post are easy to find again and
    /// never collide with an earlier run's in a persistent data directory.
    /// The signed-in step runs only when `signsIn`: a run with a database
    /// secret (`FIREBASE_AUTH`) writes as the administrator instead.
    static func all(stamp: String, today: String, downloads: URL, signsIn: Bool = true) -> [Lesson] {
        let thread = "Lessons run \(stamp)"
        let signedInPost = [
            "add", "--name", "Signed-in runner", "--text", "Signed in for the run at \(stamp)", "--email",
            "runner-" + stamp.filter { $0.isNumber } + "@example.com", "--sign-up",
        ]
        return [
            Lesson(
                number: 1, title: "Airtable projects", executable: "airtable-projects",
                aliases: ["airtable", "airtable-projects"],
                steps: [
                    ["list"],
                    ["create", "--name", "Lessons run \(stamp)", "--category", "Brand identity", "--due", today],
                ]),
            Lesson(
                number: 2, title: "Post feed", executable: "post-feed", aliases: ["post", "post-feed", "posts"],
                steps: [
                    ["list", "--pages", "1"],
                    ["add", "--name", "Lessons runner", "--text", "Hello from the lessons run at \(stamp)"],
                ] + (signsIn ? [signedInPost] : [])),
            Lesson(
                number: 3, title: "λ Message Board", executable: "message-board",
                aliases: ["message-board", "board", "messages"],
                steps: [
                    ["create-thread", thread],
                    ["send", thread, "--name", "Lessons runner", "--text", "PUT made this thread; POST added this."],
                ]),
            Lesson(
                number: 4, title: "Bankey", executable: "bankey", aliases: ["bankey"],
                steps: [["summary", "--user", "1"]]),
            Lesson(
                number: 5, title: "SooGreyhounds", executable: "soogreyhounds", aliases: ["soogreyhounds", "photos"],
                // The newest bundled photo, just downloaded, goes back up.
                steps: [
                    ["latest"], ["download", "--to", downloads.path],
                    [
                        "upload", downloads.appendingPathComponent("DeMeo_J17_2595.jpg").path, "--title",
                        "Uploaded by lesson 5", "--tags", "lesson upload",
                    ],
                ]),
        ]
    }

    /// Whether `--only` names this lesson.
    func matches(_ name: String) -> Bool {
        let name = name.lowercased()
        return name == String(number) || aliases.contains(name)
    }
}
