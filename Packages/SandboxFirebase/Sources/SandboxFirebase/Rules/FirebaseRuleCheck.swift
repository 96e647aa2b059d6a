import Foundation
import Networking
import SandboxCore

/// Why the rules refused a request: which rule said no, or that none said
/// yes. The request log shows it; the caller only ever sees
/// `Permission denied`, as with the service.
struct FirebaseRuleDenial: Sendable, Equatable, CustomStringConvertible {
    /// One sentence per rule consulted.
    var explanation: String

    var description: String { explanation }
}

/// Checks reads and writes against a database's rules, as the Realtime
/// Database documents it:
///
/// - `.read` and `.write` cascade: a rule that grants at a path grants
///   everything below it, and a rule below cannot take that back; a read
///   or write is allowed when a rule at its path or above grants it.
/// - `.validate` rules do not cascade: every one that applies to data the
///   write leaves in place (at the written path, above it and below it)
///   must hold, and none applies where the new data is `null`.
struct FirebaseRuleCheck {
    /// The rules.
    let rules: FirebaseRules
    /// `auth` as the rules see it.
    let auth: JSON
    /// `now`, in milliseconds since 1970.
    let now: Double

    /// `nil` when the rules let the caller read `path` (with `query`), else
    /// why not.
    func read(
        _ path: FirebasePath, query: FirebaseRESTQuery?, in tree: FirebaseTree,
        priorities: FirebasePriorities = FirebasePriorities()
    ) -> FirebaseRuleDenial? {
        var evaluator = FirebaseRuleEvaluator(
            data: FirebaseRuleData(tree: tree, priorities: priorities), auth: auth, now: now, query: query)
        return grant(.read, path, using: &evaluator) { $0.read }
    }

    /// `nil` when the rules let the caller make a write that set the values
    /// at `paths`, given the data before and after it, else why not.
    func write(_ paths: [FirebasePath], data: consuming FirebaseRuleData) -> FirebaseRuleDenial? {
        var evaluator = FirebaseRuleEvaluator(data: data, auth: auth, now: now, query: nil)
        for path in paths {
            if let denial = grant(.write, path, using: &evaluator, { $0.write }) { return denial }
        }
        // Places checked once even when a multi-path update's paths share them.
        var validated: Set<FirebasePath>? = paths.count > 1 ? [] : nil
        for path in paths {
            if let denial = validate(path, using: &evaluator, validated: &validated) { return denial }
        }
        return nil
    }

    private func grant(
        _ kind: FirebaseRuleParser.Kind, _ path: FirebasePath, using evaluator: inout FirebaseRuleEvaluator,
        _ select: (FirebaseRuleNode) -> FirebaseRuleNode.Rule?
    ) -> FirebaseRuleDenial? {
        // From the root down, each rule evaluated as it is met: the first
        // that grants ends the walk.
        var refusals: [String] = []
        var node = rules.root
        var bindings = FirebaseRuleBindings()
        var depth = 0
        while true {
            if let rule = select(node) {
                let place = FirebaseRuleEvaluator.Place(
                    path: depth == path.depth ? path : FirebasePath(keys: Array(path.keys.prefix(depth))),
                    bindings: bindings)
                let (granted, failure) = evaluator.grants(rule, at: place)
                if granted { return nil }
                refusals.append(Self.refusal(rule, failure: failure))
            }
            guard depth < path.depth, let next = node.child(path.keys[depth], binding: &bindings) else { break }
            node = next
            depth += 1
        }
        guard !refusals.isEmpty else {
            return FirebaseRuleDenial(explanation: "No \(kind.rawValue) rule applies to \(path), so none granted it.")
        }
        return FirebaseRuleDenial(
            explanation: "No \(kind.rawValue) rule granted \(path): " + refusals.joined(separator: "; ") + ".")
    }

    private static func refusal(_ rule: FirebaseRuleNode.Rule, failure: String?) -> String {
        let quoted = rule.source.count > 200 ? String(rule.source.prefix(200)) + "…" : rule.source
        if let failure { return "\(rule.location) \"\(quoted)\" failed: \(failure)" }
        return "\(rule.location) \"\(quoted)\" was false"
    }

    // MARK: Validation

    private func validate(
        _ path: FirebasePath, using evaluator: inout FirebaseRuleEvaluator, validated: inout Set<FirebasePath>?
    ) -> FirebaseRuleDenial? {
        // Above the written path: the nodes whose new data contains it.
        var node = rules.root
        var bindings = FirebaseRuleBindings()
        for depth in 0...path.depth {
            if depth == path.depth {
                let value = evaluator.data.value(at: path, isNew: true)
                var place = path
                return validateSubtree(
                    node, at: &place, value: value, bindings: &bindings, using: &evaluator, validated: &validated)
            }
            if let rule = node.validate {
                let place = FirebasePath(keys: Array(path.keys.prefix(depth)))
                if Self.firstVisit(place, &validated),
                    let denial = check(rule, at: place, bindings: bindings, using: &evaluator)
                {
                    return denial
                }
            }
            guard let next = node.child(path.keys[depth], binding: &bindings) else { return nil }
            node = next
        }
        return nil
    }

    private static func firstVisit(_ place: FirebasePath, _ validated: inout Set<FirebasePath>?) -> Bool {
        guard validated != nil else { return true }
        return validated?.insert(place).inserted ?? true
    }

    /// The `.validate` rules at and below `path`, whose new data is
    /// `value`, that meet new data.
    ///
    /// `path` and `bindings` are the walk's own, grown by a key on the way
    /// down and given back on the way up: a written object's children cost
    /// no new arrays.
    private func validateSubtree(
        _ node: FirebaseRuleNode, at path: inout FirebasePath, value: JSON, bindings: inout FirebaseRuleBindings,
        using evaluator: inout FirebaseRuleEvaluator, validated: inout Set<FirebasePath>?
    ) -> FirebaseRuleDenial? {
        guard node.hasValidation, !value.isNull else { return nil }
        if let rule = node.validate, Self.firstVisit(path, &validated),
            let denial = check(rule, at: path, bindings: bindings, newValue: value, using: &evaluator)
        {
            return denial
        }
        guard case .object(let members) = value else { return nil }
        // Only the children some rule names, unless a wildcard meets them all;
        // each key is looked up once.
        if let wildcard = node.wildcard, wildcard.node.hasValidation {
            for (key, child) in members {
                // One reference to the child's node, whichever it is.
                let (next, isNamed) = node.named(key).map { ($0, true) } ?? (wildcard.node, false)
                guard next.hasValidation else { continue }
                if !isNamed { bindings.bind(wildcard.name, to: key) }
                path.keys.append(key)
                let denial = validateSubtree(
                    next, at: &path, value: child, bindings: &bindings, using: &evaluator, validated: &validated)
                path.keys.removeLast()
                if !isNamed { bindings.unbindLast() }
                if let denial { return denial }
            }
            return nil
        }
        for (key, next) in node.children where next.hasValidation {
            guard let child = members[key] else { continue }
            path.keys.append(key)
            let denial = validateSubtree(
                next, at: &path, value: child, bindings: &bindings, using: &evaluator, validated: &validated)
            path.keys.removeLast()
            if let denial { return denial }
        }
        return nil
    }

    private func check(
        _ rule: FirebaseRuleNode.Rule, at path: FirebasePath, bindings: FirebaseRuleBindings, newValue: JSON? = nil,
        using evaluator: inout FirebaseRuleEvaluator
    ) -> FirebaseRuleDenial? {
        let (granted, failure) = evaluator.grants(
            rule, at: .init(path: path, bindings: bindings, newValue: newValue))
        guard !granted else { return nil }
        return FirebaseRuleDenial(
            explanation: "Validation failed at \(path): " + Self.refusal(rule, failure: failure) + ".")
    }
}
