import ArgumentParser
import Foundation
import Networking

/// A failure an example reports in one line and exits on, with status 1.
public struct ExampleFailure: Error, CustomStringConvertible, Sendable {
    /// What went wrong, in words a person understands.
    public var description: String

    /// Creates a failure with its message.
    public init(_ description: String) {
        self.description = description
    }

    /// Prints `error: <what happened>` to standard error and exits 1: a
    /// server that is down or refuses the credentials is a clear line, not a
    /// crash or a hang. Secrets are already kept out of `NetworkError`'s words.
    public static func exit(with error: any Error) -> Never {
        let message: String
        switch error {
        case let error as NetworkError: message = error.description
        case let error as ExampleFailure: message = error.description
        default: message = String(describing: error)
        }
        // What the example printed comes first when both streams go to one file.
        fflush(nil)
        Terminal.writeToStandardError("error: \(message)\n")
        Foundation.exit(1)
    }
}
