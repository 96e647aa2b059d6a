import ArgumentParser
import ExampleSupport
import Foundation

/// How the gallery commands show photos and fetch their images.
struct GalleryOptions: ParsableArguments {
    @Option(help: "The locale for dates, such as en_CA (default: yours, or en_US if it has no currency).")
    var locale: String?

    @Option(
        name: .customLong("max-concurrent"),
        help: "The most images downloaded at once (latest, search; download fetches one at a time).")
    var maxConcurrent = 4

    func validate() throws {
        guard (1...16).contains(maxConcurrent) else {
            throw ValidationError("--max-concurrent must be between 1 and 16.")
        }
    }

    var displayLocale: Locale {
        DisplayLocale.resolve(locale)
    }
}
