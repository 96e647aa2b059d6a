import Foundation
import Networking
import SandboxCore

/// A request body of the Auth API, read once: a JSON object, or a form
/// (`application/x-www-form-urlencoded`, as the token endpoint is
/// documented). Names are read in camel case (`grant_type` is
/// `grantType`), in forms and JSON alike, as Google's APIs read them.
///
/// Every string is bounded: a field longer than its limit is refused with
/// the service's error rather than stored.
struct FirebaseAuthBody: Sendable {
    /// The members.
    let members: [String: JSON]

    /// Deep enough for every documented request (a user import's provider
    /// list is four levels), shallow enough that a nested bomb is refused
    /// at once.
    static let maxDepth = 16

    /// Reads the body of `request`; an empty body is an empty object.
    init(_ request: SandboxRequest) throws(FirebaseAuthError) {
        guard !request.body.isEmpty else {
            members = [:]
            return
        }
        let contentType = request.headers["Content-Type"]?.lowercased() ?? ""
        // `curl -d '{…}'` labels JSON as a form: a body that opens an
        // object is read as JSON whatever its label, rather than as one
        // odd form field (which would sign up an anonymous user).
        let opensObject = request.body.first(where: { ![9, 10, 13, 32].contains($0) }) == UInt8(ascii: "{")
        if contentType.hasPrefix("application/x-www-form-urlencoded"), !opensObject {
            var members: [String: JSON] = [:]
            for (name, value) in SandboxRequest.formItems(String(decoding: request.body, as: UTF8.self)) {
                members[Self.camelCased(name)] = .string(value)
            }
            self.members = members
            return
        }
        let value: JSON
        do {
            value = try JSON.parse(request.body, maxDepth: Self.maxDepth)
        } catch {
            throw FirebaseAuthError("Invalid JSON payload received. \(error.description)")
        }
        guard case .object(let members) = value else {
            throw FirebaseAuthError("Invalid JSON payload received. Expected an object.")
        }
        self.members = Dictionary(members.map { (Self.camelCased($0.key), $0.value) }) { _, last in last }
    }

    /// A string member, or `nil` when absent or null; numbers and booleans
    /// are read as text, as the service reads them. Longer than `limit`
    /// UTF-8 bytes is `tooLong`.
    func string(_ name: String, limit: Int = 4096, tooLong: @autoclosure () -> FirebaseAuthError)
        throws(FirebaseAuthError) -> String?
    {
        let text: String
        switch members[name] {
        case .string(let value): text = value
        case .number(let value): text = JSON.format(value)
        case .bool(let value): text = value ? "true" : "false"
        case nil, .null?: return nil
        case .array?, .object?: throw FirebaseAuthError("Invalid value at '\(name)': expected a string.")
        }
        guard text.utf8.count <= limit else { throw tooLong() }
        return text
    }

    /// A string member of at most 4 KiB; longer is refused as invalid.
    func string(_ name: String) throws(FirebaseAuthError) -> String? {
        try string(name, tooLong: FirebaseAuthError("INVALID_ARGUMENT : \(name) is too long."))
    }

    /// A whole number given as text or a number (times in milliseconds,
    /// `validSince` in seconds, `offset`): an optional `-` and at most 18
    /// digits, checked before it is parsed; anything else is `invalid`.
    func integer(_ name: String) throws(FirebaseAuthError) -> Int64? {
        let invalid = FirebaseAuthError("INVALID_ARGUMENT : \(name) must be a whole number.")
        switch members[name] {
        case nil, .null?: return nil
        case .number(let number)?:
            guard let whole = Int64(exactly: number) else { throw invalid }
            return whole
        case .string(let text)?:
            guard let whole = Self.wholeNumber(text) else { throw invalid }
            return whole
        default: throw invalid
        }
    }

    /// `text` as a whole number when it is an optional `-` and 1 to 18
    /// ASCII digits (so it always fits); `nil` otherwise.
    static func wholeNumber(_ text: String) -> Int64? {
        let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
        guard (1...18).contains(digits.count), digits.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int64(text)  // safe: a sign and at most 18 digits, checked above
    }

    /// A boolean member; `nil` when absent.
    func bool(_ name: String) -> Bool? {
        switch members[name] {
        case .bool(let flag): flag
        case .string(let text): text == "true"
        default: nil
        }
    }

    /// A list of strings (`localId: ["a", "b"]`); a single string is a list
    /// of one. At most `limit` entries.
    func strings(_ name: String, limit: Int = 1000) throws(FirebaseAuthError) -> [String] {
        switch members[name] {
        case .string(let text): return [text]
        case .array(let elements):
            guard elements.count <= limit else { throw FirebaseAuthError("INVALID_ARGUMENT : too many \(name).") }
            return elements.compactMap { $0.stringValue }
        default: return []
        }
    }

    /// `grant_type` as `grantType`.
    static func camelCased(_ name: String) -> String {
        guard name.contains("_") else { return name }
        let words = name.split(separator: "_")
        guard let first = words.first else { return name }
        return String(first) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
