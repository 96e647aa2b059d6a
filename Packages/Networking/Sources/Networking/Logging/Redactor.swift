import Foundation

/// Removes secrets from what the SDK logs or describes: header values, query
/// and form values, JSON members, bearer tokens and the user-info part of
/// URLs.
///
/// Names are compared by meaning, not spelling: case, `-`, `_` and
/// percent-encoding are ignored, so `api_key`, `apiKey`, `API-KEY` and
/// `api%5Fkey` (which a server decodes to `api_key`) are one name, and a
/// JSON member `"p\u0061ssword"` is `password`. One list,
/// ``defaultSecretNames``, serves headers, query items, form fields and
/// JSON members alike.
///
/// ```swift
/// Redactor().redact(URL(string: "https://x.test/v0/app?api_key=key123&view=Grid")!)
/// // "https://x.test/v0/app?api_key=REDACTED&view=Grid"
/// Redactor().redact(text: #"{"user":"kevin","password":"hunter2"}"#)
/// // {"user":"kevin","password":"REDACTED"}
/// ```
public struct Redactor: Sendable {
    /// The names whose values are secret, in every place a name can stand:
    ///
    /// - headers: `Authorization`, `Proxy-Authorization`, `Cookie`,
    ///   `Set-Cookie`, `X-API-Key`, `X-Goog-Api-Key`, `X-Firebase-AppCheck`,
    ///   `X-Auth-Token`, `X-Access-Token`;
    /// - query items, form fields and JSON members: `api_key`, `key`,
    ///   `auth`, `token`, `access_token`, `refresh_token`, `id_token`,
    ///   `secret`, `client_secret`, `password`, `new_password`,
    ///   `old_password`, `password_hash`, `oob_code` (the one-time code of a
    ///   password-reset email), `private_key`, `session_token`.
    ///
    /// Any name on the list is secret wherever it appears (a JSON member
    /// called `authorization` included).
    public static let defaultSecretNames: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "x-goog-api-key",
        "x-firebase-appcheck", "x-auth-token", "x-access-token", "api_key", "key", "auth", "token", "access_token",
        "refresh_token", "id_token", "secret", "client_secret", "password", "new_password", "old_password",
        "password_hash", "oob_code", "private_key", "session_token",
    ]

    /// The secret names, normalized (lowercase, without `-` and `_`).
    public let secretNames: Set<String>
    /// What replaces a secret.
    public var replacement: String

    /// ``secretNames`` as bytes, for comparing plain names without
    /// allocating their normalized form.
    private let secretNameBytes: [[UInt8]]

    /// Creates a redactor for `secretNames`, written in any spelling.
    public init(secretNames: Set<String> = Redactor.defaultSecretNames, replacement: String = "REDACTED") {
        self.secretNames = Set(secretNames.map { Self.normalized(Substring($0)) })
        secretNameBytes = self.secretNames.map { Array($0.utf8) }
        self.replacement = replacement
    }

    /// Whether a header, query item, form field or JSON member of this name
    /// carries a secret; `name` is compared by meaning (percent-decoded,
    /// case, `-` and `_` ignored).
    public func isSecret(name: String) -> Bool {
        isSecretPlainName(name) ?? secretNames.contains(Self.normalized(Substring(name)))
    }

    /// ``isSecret(name:)`` for an ASCII name without escapes (every header
    /// name, most query names), compared a byte at a time with each secret
    /// name of its normalized length; `nil` for any other name. The Sandbox
    /// asks this for every header of every request and answer it logs.
    private func isSecretPlainName(_ name: String) -> Bool? {
        var length = 0
        for byte in name.utf8 {
            guard byte < 0x80, byte != UInt8(ascii: "%"), byte != UInt8(ascii: "+") else { return nil }
            if !Self.isIgnoredInNames(byte) { length += 1 }
        }
        return secretNameBytes.contains { secret in
            guard secret.count == length else { return false }
            var position = 0
            for byte in name.utf8 where !Self.isIgnoredInNames(byte) {
                guard byte.asciiLowercased == secret[position] else { return false }
                position += 1
            }
            return true
        }
    }

    /// `-`, `_` and spaces: the bytes names are compared without.
    private static func isIgnoredInNames(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: " ")
    }

    /// Whether the header's value is secret.
    public func isSensitive(header name: String) -> Bool {
        isSecret(name: name)
    }

    /// The URL as text with secret query values and any password replaced.
    public func redact(_ url: URL) -> String {
        redact(text: url.absoluteString)
    }

    /// A URL path with the values of secret `name=value` segments replaced,
    /// each segment on its own (`/token=abc/x.json` keeps its `/x.json`).
    public func redact(path: String) -> String {
        guard SecretScanner.mayHoldSecret(path) else { return path }
        return path.split(separator: "/", omittingEmptySubsequences: false)
            .map { redact(text: String($0)) }
            .joined(separator: "/")
    }

    /// The headers with secret values replaced: those of a secret name, and
    /// every field marked ``HeaderFields/Field/isSecret``.
    public func redact(_ headers: HeaderFields) -> HeaderFields {
        // Most have no secret: handed back as they are, uncopied.
        guard headers.contains(where: { $0.isSecret || isSecret(name: $0.name) }) else { return headers }
        return HeaderFields(
            headers.map { field in
                (field.name, field.isSecret || isSecret(name: field.name) ? replacement : field.value)
            }
        )
    }

    /// The query items with secret values replaced.
    public func redact(_ items: [QueryItem]) -> [QueryItem] {
        items.map { item in
            guard item.value != nil, isSecret(name: item.name) else { return item }
            return QueryItem(name: item.name, value: replacement)
        }
    }

    /// Free text (a query, a form or JSON body, an error message, a URL)
    /// with secrets replaced: the values of secret `name=value` pairs and
    /// JSON members, `user:password@` in URLs, and bearer and basic
    /// credentials. Linear in the text's length.
    public func redact(text: String) -> String {
        var scanner = SecretScanner(text: text, redactor: self)
        return scanner.redacted()
    }

    /// A name as the list holds it: percent-decoded (and `+` as a space, as
    /// forms write it), lowercase, without `-`, `_` and spaces.
    ///
    /// Plain ASCII names never come here on a request's path:
    /// ``isSecret(name:)`` compares them byte by byte first.
    static func normalized(_ name: Substring) -> String {
        let decoded = PercentEncoding.formDecode(name)
        var result = ""
        result.unicodeScalars.reserveCapacity(decoded.unicodeScalars.count)
        for scalar in decoded.unicodeScalars where !(scalar.isASCII && isIgnoredInNames(UInt8(scalar.value))) {
            result.unicodeScalars.append(scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar)
        }
        return result
    }
}
