import Foundation
@_spi(NetworkingInternals) import Networking
import SandboxCore

/// The hash the Realtime Database's SDKs compute of a node, and send with a
/// listen (`h`) and with a transaction's write: the server answers a write
/// whose hash no longer matches the data with `datastale`, and the SDK runs
/// the transaction again on the newer data.
///
/// As the SDKs compute it: a leaf hashes `[priority:<p>:]<type>:<value>`
/// (numbers as the 16 hex digits of their IEEE 754 bits); a node with
/// children hashes `[priority:<p>:]` then `:<key>:<child hash>` for each
/// child in priority order; the hash is the base64 of the text's SHA-1, and
/// an empty node's is the empty string.
enum FirebaseHash {
    /// The hash of `value`, in Firebase's export format (`.priority` and
    /// `.value` members, as ``FirebasePriorities/export(_:at:)`` writes it).
    static func of(_ value: JSON) -> String {
        var text = ""
        var node = value
        if case .object(var members) = value, let priority = members.removeValue(forKey: ".priority") {
            if let leaf = members.removeValue(forKey: ".value") { node = leaf } else { node = .object(members) }
            if let prefix = priorityText(priority) { text = "priority:" + prefix + ":" }
        }
        switch node {
        case .null:
            return ""
        case .bool(let flag):
            text += "boolean:" + (flag ? "true" : "false")
        case .number(let number):
            text += "number:" + bits(number)
        case .string(let string):
            text += "string:" + string
        case .array(let items):
            return of(.object(Dictionary(uniqueKeysWithValues: items.enumerated().map { (String($0), $1) })))
        case .object(let children):
            var hashed = false
            for key in priorityOrder(children) {
                guard let child = children[key] else { continue }
                let childHash = of(child)
                guard !childHash.isEmpty else { continue }
                text += ":" + key + ":" + childHash
                hashed = true
            }
            if !hashed && text.isEmpty { return "" }
        }
        return Data(SecureHash.sha1(text.utf8)).base64EncodedString()
    }

    private static func priorityText(_ priority: JSON) -> String? {
        switch priority {
        case .number(let number): "number:" + bits(number)
        case .string(let string): "string:" + string
        default: nil
        }
    }

    private static func bits(_ number: Double) -> String {
        let hex = String(number.bitPattern, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The keys in priority order: children without a priority, then by
    /// number, then by string, ties broken by Firebase's key order.
    private static func priorityOrder(_ children: [String: JSON]) -> [String] {
        let ranked = children.map { key, child -> (key: String, rank: FirebaseIndexValue) in
            let priority = child[".priority"]
            let rank: FirebaseIndexValue =
                switch priority {
                case .number(let number)?: .number(number)
                case .string(let string)?: .string(string)
                default: .null
                }
            return (key, rank)
        }
        return ranked.sorted { lhs, rhs in
            switch FirebaseIndexValue.compare(lhs.rank, rhs.rank) {
            case .orderedAscending: true
            case .orderedDescending: false
            case .orderedSame: FirebaseKey.compare(lhs.key, rhs.key) == .orderedAscending
            }
        }.map(\.key)
    }
}
