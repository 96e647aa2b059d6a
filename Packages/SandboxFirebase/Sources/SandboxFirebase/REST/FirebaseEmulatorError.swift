import Foundation
import Networking
import SandboxCore

/// A request the Firebase emulator refuses, with the status and message the
/// real Realtime Database answers (`{"error" : "<message>"}`).
///
/// The messages are Firebase's own wherever its wording is known (from the
/// service, its official emulator, or its SDKs), so that a client's error
/// handling is tested against the text it will meet in production.
/// ``FirebaseEmulator/setValue(_:at:namespace:)`` throws it too.
public struct FirebaseEmulatorError: SandboxFailure, Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status, such as 400.
    public var status: Int
    /// The text of the `error` member.
    public var message: String
    /// For the request log only, never in the body: such as which rule
    /// refused the request.
    var note: String?

    init(status: Int, message: String, note: String? = nil) {
        self.status = status
        self.message = message
        self.note = note
    }

    /// `<status>: <message>`.
    public var description: String {
        "\(status): \(message)"
    }

    /// Firebase's error body: pretty-printed, with a trailing newline, the
    /// way the service answers every error.
    public var response: SandboxResponse {
        var body = FirebaseJSONWriter.data(.object(["error": .string(message)]), pretty: true)
        body.append(UInt8(ascii: "\n"))
        var response = SandboxResponse.json(status, body, headers: FirebaseEmulator.commonHeaders)
        response.note = note
        return response
    }

    static let invalidJSON = FirebaseEmulatorError(
        status: 400, message: "Invalid data; couldn't parse JSON object, array, or value.")

    /// Firebase's words for a priority that is not a number or a string
    /// are not documented; these follow its other `Invalid data` messages.
    static let invalidPriority = FirebaseEmulatorError(
        status: 400, message: "Invalid data; a priority must be a number, a string or null.")

    /// The service's words are not documented; a JSONP callback must be a
    /// function name.
    static let invalidCallback = FirebaseEmulatorError(
        status: 400, message: "Invalid callback: use a JavaScript function name.")

    static let invalidPath = FirebaseEmulatorError(status: 400, message: "Invalid path: Invalid token in path")

    static let permissionDenied = FirebaseEmulatorError(status: 401, message: "Permission denied")

    /// `Permission denied`, with the rules' reason kept for the log.
    static func permissionDenied(_ denial: FirebaseRuleDenial) -> FirebaseEmulatorError {
        FirebaseEmulatorError(status: 401, message: "Permission denied", note: denial.explanation)
    }

    static let bodyTooLarge = FirebaseEmulatorError(
        status: 400, message: "Data to write exceeds the maximum size that can be modified with a single request.")

    /// Firebase documents the limit (10 MB per string) but not the words of
    /// its error; these follow its other `Invalid data` messages.
    static func stringTooLong(limit: Int) -> FirebaseEmulatorError {
        FirebaseEmulatorError(status: 400, message: "Invalid data; a string is longer than \(limit) bytes.")
    }

    static let tooDeep = FirebaseEmulatorError(
        status: 400,
        message: "Path specified exceeds the maximum depth that can be written (\(FirebasePath.maxDepth)).")

    static let orderByRequired = FirebaseEmulatorError(
        status: 400, message: "orderBy must be defined when other query parameters are defined")

    static let orderByNotJSON = FirebaseEmulatorError(status: 400, message: "orderBy must be a valid JSON encoded path")

    static let constraintNotPrimitive = FirebaseEmulatorError(
        status: 400, message: "Constraint index field must be a JSON primitive")

    static let keyIndexNotString = FirebaseEmulatorError(
        status: 400, message: "Provided key index type is invalid, must be string")

    static let keyIndexWithName = FirebaseEmulatorError(
        status: 400,
        message: "When ordering by key, you may only pass one argument to startAt(), endAt(), or equalTo().")

    static let bothLimits = FirebaseEmulatorError(
        status: 400, message: "Only one of limitToFirst and limitToLast may be specified")

    static let equalToWithRange = FirebaseEmulatorError(
        status: 400, message: "equalTo cannot be specified in addition to startAfter, startAt, endAt, or endBefore")

    static let shallowWithQuery = FirebaseEmulatorError(
        status: 400, message: "Mixing 'shallow' and querying parameters is not supported")

    static let shallowWithETag = FirebaseEmulatorError(
        status: 400, message: "Mixing 'shallow' and etag requests is not supported")

    static let conditionalWithOptions = FirebaseEmulatorError(
        status: 400,
        message:
            "Mixing 'shallow', querying parameters or 'print=silent' and if-match or if-none-match requests is not supported"
    )

    static let invalidNamespace = FirebaseEmulatorError(
        status: 400, message: "Invalid namespace: use letters, digits, '-' and '_' only")

    static let methodNotAllowed = FirebaseEmulatorError(status: 405, message: "Method not allowed")

    /// A key with one of `. $ # [ ] /`, a control character, or no
    /// characters, located the way Firebase reports it (line:column of the
    /// key's opening quote, both from 1).
    static func invalidKey(line: Int, column: Int) -> FirebaseEmulatorError {
        FirebaseEmulatorError(
            status: 400,
            message:
                "Invalid data; couldn't parse key beginning at \(line):\(column). Key value can't be empty or contain $ # [ ] / or ."
        )
    }

    /// A key whose UTF-8 form is longer than Firebase allows.
    static func keyTooLong(bytes: Int) -> FirebaseEmulatorError {
        FirebaseEmulatorError(
            status: 400, message: "Data has a key path longer than \(FirebasePath.maxKeyBytes) bytes (\(bytes)).")
    }

    /// A PATCH naming both a path and a path inside it, which Firebase
    /// refuses as ambiguous.
    static func overlappingUpdate(_ ancestor: FirebasePath, _ descendant: FirebasePath) -> FirebaseEmulatorError {
        FirebaseEmulatorError(
            status: 400,
            message: "Invalid data; contains a path \(ancestor) that is ancestor of another path \(descendant)")
    }

    /// A limit that is not a whole number.
    /// The Sandbox's own bound (the real service has one database per
    /// host): 507, as a server out of room says it.
    static func tooManyNamespaces(limit: Int) -> FirebaseEmulatorError {
        FirebaseEmulatorError(
            status: 507,
            message: "The Sandbox holds at most \(limit) namespaces; reuse one or restart it with --reset.")
    }

    static func limitNotInteger(_ name: String) -> FirebaseEmulatorError {
        FirebaseEmulatorError(status: 400, message: "\(name) must be an integer")
    }

    /// A limit of zero or less.
    static func limitNotPositive(_ name: String) -> FirebaseEmulatorError {
        FirebaseEmulatorError(status: 400, message: "\(name) must be positive")
    }

    /// Two bounds on the same end of the range, such as `startAt` and `startAfter`.
    static func bothBounds(_ first: String, _ second: String) -> FirebaseEmulatorError {
        FirebaseEmulatorError(status: 400, message: "Only one of \(first) and \(second) may be specified")
    }

    /// A storage failure: the write was not made durable.
    static func storageFailed(_ error: any Error) -> FirebaseEmulatorError {
        FirebaseEmulatorError(status: 500, message: "Internal error: the write could not be stored (\(error)).")
    }
}
