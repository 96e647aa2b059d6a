import Foundation
import Networking
import SandboxCore

/// Evaluates rule expressions for one request, within one budget of steps.
///
/// A rule that fails to evaluate (a type error, a missing `auth`, a step
/// budget spent) counts as `false`, as the service treats a rule that
/// errors; the failure is kept for the log's explanation.
struct FirebaseRuleEvaluator {
    /// The most steps one request's rules may take, regular expression
    /// matching included.
    static let defaultBudget = 100_000

    /// Why a rule did not evaluate to a boolean.
    struct Failure: Error {
        var message: String
    }

    /// What every rule of the request reads, behind one reference: the
    /// evaluator stays two words, so passing it costs no copy of its state.
    private final class Context: Sendable {
        let data: FirebaseRuleData
        let auth: JSON
        let now: Double
        let query: FirebaseRESTQuery?

        init(data: consuming FirebaseRuleData, auth: JSON, now: Double, query: FirebaseRESTQuery?) {
            self.data = data
            self.auth = auth
            self.now = now
            self.query = query
        }
    }

    private let context: Context
    /// Steps left.
    private(set) var budget: Int

    /// What the rules read.
    var data: FirebaseRuleData { context.data }
    /// `auth`: `null`, or `{uid, provider, token}`.
    var auth: JSON { context.auth }
    /// `now`, in milliseconds since 1970.
    var now: Double { context.now }
    /// The query of a read, for `query.*`.
    var query: FirebaseRESTQuery? { context.query }

    /// The data is consumed: it moves into the evaluator's shared state,
    /// where a copy would retain each of its fields.
    init(
        data: consuming FirebaseRuleData, auth: JSON, now: Double, query: FirebaseRESTQuery?,
        budget: Int = defaultBudget
    ) {
        context = Context(data: data, auth: auth, now: now, query: query)
        self.budget = budget
    }

    /// Where a rule is evaluated: the data path it sits at and its `$`
    /// variables.
    struct Place {
        var path: FirebasePath
        var bindings: FirebaseRuleBindings
        /// The new data at ``path``, when the caller already has it.
        var newValue: JSON? = nil
    }

    /// Whether `rule` grants at `place`; a failure is returned as `false`
    /// with its reason.
    mutating func grants(_ rule: FirebaseRuleNode.Rule, at place: Place) -> (granted: Bool, failure: String?) {
        if let verdict = rule.verdict { return (verdict, nil) }
        do throws(Failure) {
            guard case .bool(let flag) = try rule.program.run(&self, place) else {
                return (false, "the rule did not evaluate to a boolean")
            }
            return (flag, nil)
        } catch {
            return (false, error.message)
        }
    }

    /// Spends `cost` steps of the budget.
    mutating func step(_ cost: Int = 1) throws(Failure) {
        budget -= cost
        guard budget >= 0 else { throw Failure(message: "the rules took more than their evaluation budget") }
    }

    /// The value of a predefined variable at `place`.
    func value(of variable: FirebaseRuleExpression.Variable, at place: Place) -> FirebaseRuleValue {
        switch variable {
        case .auth: return FirebaseRuleValue(auth)
        case .now: return .number(now)
        case .query: return .query
        case .root, .data, .newData: return .snapshot(snapshot(of: variable, at: place))
        }
    }

    /// The snapshot `root`, `data` or `newData` stands for at `place` (the
    /// root for any other variable, which the compiler never asks for).
    func snapshot(of variable: FirebaseRuleExpression.Variable, at place: Place) -> FirebaseRuleSnapshot {
        switch variable {
        case .data: return FirebaseRuleSnapshot(path: place.path, isNew: false)
        case .newData:
            // The new data is the tree as it is: cheap to read now, and
            // every child read below starts from it.
            return FirebaseRuleSnapshot(path: place.path, isNew: true, value: value(ofSnapshot: .newData, at: place))
        case .root, .auth, .now, .query: return FirebaseRuleSnapshot(path: .root, isNew: false)
        }
    }

    /// The value of the snapshot `root`, `data` or `newData` stands for at
    /// `place`, read without making the snapshot (the root's before the
    /// write for any other variable, which the compiler never asks for).
    func value(ofSnapshot variable: FirebaseRuleExpression.Variable, at place: Place) -> JSON {
        switch variable {
        case .data: context.data.value(at: place.path, isNew: false)
        case .newData: place.newValue ?? context.data.value(at: place.path, isNew: true)
        case .root, .auth, .now, .query: context.data.value(at: .root, isNew: false)
        }
    }

    /// `variable.name(arguments)` for a method that reads only the
    /// snapshot's value (``FirebaseRuleExpression/Method/readsValueOnly``):
    /// `newData.val()`, `data.exists()`. The new value a place already
    /// has is read where it is, not copied out first.
    mutating func call(
        _ name: FirebaseRuleExpression.Method, onValueOf variable: FirebaseRuleExpression.Variable, at place: Place,
        with arguments: [FirebaseRuleValue]
    ) throws(Failure) -> FirebaseRuleValue {
        if variable == .newData, let known = place.newValue {
            return try call(name, onValue: known, with: arguments)
        }
        return try call(name, onValue: value(ofSnapshot: variable, at: place), with: arguments)
    }

    /// The values of compiled expressions, such as a call's arguments.
    mutating func values(of programs: [FirebaseRuleProgram], at place: Place) throws(Failure)
        -> [FirebaseRuleValue]
    {
        guard !programs.isEmpty else { return [] }
        var values: [FirebaseRuleValue] = []
        values.reserveCapacity(programs.count)
        for program in programs { values.append(try program.run(&self, place)) }
        return values
    }

    /// `left operation right` for the operators that evaluate both sides.
    static func combine(
        _ operation: FirebaseRuleExpression.BinaryOperator, _ left: FirebaseRuleValue, _ right: FirebaseRuleValue
    ) throws(Failure) -> FirebaseRuleValue {
        switch operation {
        case .equal, .strictEqual:
            return .bool(try Self.equal(left, right))
        case .notEqual, .strictNotEqual:
            return .bool(!(try Self.equal(left, right)))
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let order: ComparisonResult
            switch (left, right) {
            case (.number(let a), .number(let b)):
                order = a == b ? .orderedSame : (a < b ? .orderedAscending : .orderedDescending)
            case (.string(let a), .string(let b)): order = FirebaseKey.compareUTF16(a, b)
            default: throw Failure(message: "cannot compare \(left.typeName) with \(right.typeName)")
            }
            switch operation {
            case .less: return .bool(order == .orderedAscending)
            case .lessOrEqual: return .bool(order != .orderedDescending)
            case .greater: return .bool(order == .orderedDescending)
            default: return .bool(order != .orderedAscending)
            }
        case .add:
            if case .number(let a) = left, case .number(let b) = right { return .number(a + b) }
            if case .string = left, let text = Self.text(right) { return .string(Self.text(left)! + text) }
            if case .string = right, let text = Self.text(left) { return .string(text + Self.text(right)!) }
            throw Failure(message: "cannot add \(left.typeName) and \(right.typeName)")
        case .subtract, .multiply, .divide, .remainder:
            guard case .number(let a) = left, case .number(let b) = right else {
                throw Failure(message: "\(operation.rawValue) needs numbers")
            }
            let result: Double
            switch operation {
            case .subtract: result = a - b
            case .multiply: result = a * b
            case .divide: result = a / b
            default: result = a.truncatingRemainder(dividingBy: b)
            }
            guard result.isFinite else { throw Failure(message: "the arithmetic did not give a finite number") }
            return .number(result)
        case .and, .or:
            // Short-circuited by the compiled program; both booleans here.
            guard case .bool(let first) = left, case .bool(let second) = right else {
                throw Failure(message: "\(operation.rawValue) needs booleans")
            }
            return .bool(operation == .and ? first && second : first || second)
        }
    }

    /// Equality without coercion: values of different types are unequal.
    private static func equal(_ left: FirebaseRuleValue, _ right: FirebaseRuleValue) throws(Failure) -> Bool {
        switch (left, right) {
        case (.snapshot, _), (_, .snapshot), (.query, _), (_, .query):
            throw Failure(message: "cannot compare \(left.typeName) with \(right.typeName)")
        default:
            return left == right
        }
    }

    /// What `'text' + value` appends to the text: a primitive's text, as
    /// ``combine(_:_:_:)`` adds them.
    static func textAdded(_ value: FirebaseRuleValue) throws(Failure) -> String {
        guard let text = text(value) else { throw Failure(message: "cannot add string and \(value.typeName)") }
        return text
    }

    /// How a primitive reads when added to a string, as in JavaScript.
    private static func text(_ value: FirebaseRuleValue) -> String? {
        switch value {
        case .string(let text): text
        case .number(let number): FirebaseJSONWriter.text(.number(number))
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        default: nil
        }
    }

    // MARK: Members and methods

    func member(_ name: String, of value: FirebaseRuleValue) throws(Failure) -> FirebaseRuleValue {
        switch value {
        case .json(.object(let members)):
            return Self.member(name, in: members).map(FirebaseRuleValue.init) ?? .null
        case .string(let text) where name == "length":
            return .number(Double(text.utf16.count))
        case .query:
            return queryProperty(name)
        default:
            throw Failure(message: "no property '\(name)' on \(value.typeName)")
        }
    }

    /// `members[name]`. The objects rules read by name (`auth`, an ID
    /// token's dozen claims, a post being written) have few members:
    /// comparing their keys, most of which differ in length, is quicker than
    /// hashing the name.
    private static func member(_ name: String, in members: [String: JSON]) -> JSON? {
        index(of: name, in: members).map { members.values[$0] }
    }

    /// Where `name` is among `members`, found as ``member(_:in:)`` finds it,
    /// without copying its value. Names match by their bytes
    /// (``Swift/String/isSameKey(as:)``), as the service compares them,
    /// however many members there are.
    private static func index(of name: String, in members: [String: JSON]) -> [String: JSON].Index? {
        members.index(ofKey: name, scanningUpTo: 16) { $0.isSameKey(as: $1) }
    }

    private func queryProperty(_ name: String) -> FirebaseRuleValue {
        guard let query else { return name.hasPrefix("orderBy") && name != "orderByChild" ? .bool(false) : .null }
        let equal =
            query.start.map { start in
                query.end.map { $0.value == start.value && $0.inclusive && start.inclusive } ?? false
            }
            ?? false
        switch name {
        case "orderByKey": return .bool(query.order == .key)
        case "orderByValue": return .bool(query.order == .value)
        case "orderByPriority": return .bool(query.order == .priority)
        case "orderByChild":
            if case .child(let path) = query.order { return .string(path.storageKey) }
            return .null
        case "equalTo": return equal ? Self.value(of: query.start?.value) : .null
        case "startAt": return equal || query.start?.inclusive != true ? .null : Self.value(of: query.start?.value)
        case "endAt": return equal || query.end?.inclusive != true ? .null : Self.value(of: query.end?.value)
        case "limitToFirst":
            if case .first(let count) = query.limit { return .number(Double(count)) }
            return .null
        case "limitToLast":
            if case .last(let count) = query.limit { return .number(Double(count)) }
            return .null
        default: return .null
        }
    }

    private static func value(of bound: FirebaseIndexValue?) -> FirebaseRuleValue {
        switch bound {
        case .none, .null, .object: .null
        case .false: .bool(false)
        case .true: .bool(true)
        case .number(let number): .number(number)
        case .string(let text): .string(text)
        }
    }

    /// `receiver.name(arguments)`; `childPath` is the argument of `child()`
    /// or `hasChild()` already read as a path, when it is a literal.
    mutating func call(
        _ name: FirebaseRuleExpression.Method, on receiver: FirebaseRuleValue, with arguments: [FirebaseRuleValue],
        childPath: ChildPath? = nil
    ) throws(Failure) -> FirebaseRuleValue {
        switch receiver {
        case .snapshot(let snapshot):
            return try call(name, on: snapshot, with: arguments, childPath: childPath)
        case .string(let text):
            return try call(name, on: text, with: arguments)
        default:
            throw Failure(message: "no method '\(name.rawValue)' on \(receiver.typeName)")
        }
    }

    /// `snapshot.name(arguments)`, as ``call(_:on:with:childPath:)``.
    mutating func call(
        _ name: FirebaseRuleExpression.Method, on snapshot: FirebaseRuleSnapshot, with arguments: [FirebaseRuleValue],
        childPath: ChildPath? = nil
    ) throws(Failure) -> FirebaseRuleValue {
        // Only the methods that look at the value read it: `root.child(…)`
        // must not rebuild the whole database as it was before the write.
        switch name {
        case _ where name.readsValueOnly: return try call(name, onValue: value(of: snapshot), with: arguments)
        case .getPriority: return FirebaseRuleValue(context.data.priority(at: snapshot.path, isNew: snapshot.isNew))
        case .parent, .child:
            return .snapshot(try descend(name, from: snapshot, with: arguments, childPath: childPath))
        case .hasChild:
            let path = try self.childPath(childPath, else: arguments, of: snapshot.path)
            if let known = snapshot.value {
                return .bool(!FirebaseTree.value(in: known, at: path.keys[snapshot.path.depth...]).isNull)
            }
            return .bool(!context.data.value(at: path, isNew: snapshot.isNew).isNull)
        default:
            throw Failure(message: "no method '\(name.rawValue)' on RuleDataSnapshot")
        }
    }

    /// A method that reads only a snapshot's value
    /// (``FirebaseRuleExpression/Method/readsValueOnly``) called on a
    /// snapshot whose value is `value`: what `newData.val()` needs, without
    /// the snapshot.
    ///
    /// Only `val()` copies the value: the tests look at its case.
    mutating func call(
        _ name: FirebaseRuleExpression.Method, onValue value: JSON, with arguments: [FirebaseRuleValue]
    ) throws(Failure) -> FirebaseRuleValue {
        switch name {
        case .val: return FirebaseRuleValue(value)
        case .exists: return .bool(!value.isNull)
        case .isNumber:
            if case .number = value { return .bool(true) }
            return .bool(false)
        case .isString:
            if case .string = value { return .bool(true) }
            return .bool(false)
        case .isBoolean:
            if case .bool = value { return .bool(true) }
            return .bool(false)
        case .hasChildren:
            guard case .object(let members) = value else { return .bool(false) }
            guard case .list(let keys)? = arguments.first else { return .bool(!members.isEmpty) }
            try step(keys.count)
            for key in keys {
                guard case .string(let name) = key else { throw Failure(message: "hasChildren() takes strings") }
                if Self.index(of: name, in: members) == nil { return .bool(false) }
            }
            return .bool(true)
        default:
            throw Failure(message: "no method '\(name.rawValue)' on RuleDataSnapshot")
        }
    }

    /// The snapshot `snapshot.parent()` or `snapshot.child(…)` gives.
    mutating func descend(
        _ name: FirebaseRuleExpression.Method, from snapshot: FirebaseRuleSnapshot, with arguments: [FirebaseRuleValue],
        childPath: ChildPath?
    ) throws(Failure) -> FirebaseRuleSnapshot {
        if name == .parent {
            guard !snapshot.path.isRoot else { throw Failure(message: "the root has no parent") }
            return FirebaseRuleSnapshot(path: FirebasePath(keys: snapshot.path.keys.dropLast()), isNew: snapshot.isNew)
        }
        if let childPath { return try child(childPath, of: snapshot) }
        return try child(try ChildPath(arguments), of: snapshot)
    }

    /// The snapshot `snapshot.child(…)` gives for a path already read.
    mutating func child(_ child: borrowing ChildPath, of snapshot: FirebaseRuleSnapshot) throws(Failure)
        -> FirebaseRuleSnapshot
    {
        let path = try self.path(child, below: snapshot.path)
        // A known value's child is known too: no walk from the root.
        let value = snapshot.value.map { FirebaseTree.value(in: $0, at: path.keys[snapshot.path.depth...]) }
        return FirebaseRuleSnapshot(path: path, isNew: snapshot.isNew, value: value)
    }

    /// A snapshot's value: the one it carries, or read from the data.
    private func value(of snapshot: FirebaseRuleSnapshot) -> JSON {
        snapshot.value ?? context.data.value(at: snapshot.path, isNew: snapshot.isNew)
    }

    /// The path below `path` that `known`, or else the first of
    /// `arguments`, names.
    private mutating func childPath(
        _ known: ChildPath?, else arguments: [FirebaseRuleValue], of path: FirebasePath
    ) throws(Failure) -> FirebasePath {
        if let known { return try self.path(known, below: path) }
        return try self.path(try ChildPath(arguments), below: path)
    }

    /// The path `child` names below `path`.
    private mutating func path(_ child: borrowing ChildPath, below path: FirebasePath) throws(Failure)
        -> FirebasePath
    {
        try step(child.relative.depth)
        guard child.isValid, path.depth + child.relative.depth <= FirebasePath.maxDepth else {
            throw Failure(message: "invalid child path '\(child.text)'")
        }
        return path.appending(child.relative)
    }

    private mutating func call(
        _ name: FirebaseRuleExpression.Method, on text: String, with arguments: [FirebaseRuleValue]
    ) throws(Failure) -> FirebaseRuleValue {
        var strings: [String] = []
        for argument in arguments {
            guard case .string(let string) = argument else {
                throw Failure(message: "\(name.rawValue)() takes strings, not \(argument.typeName)")
            }
            strings.append(string)
        }
        try step(1 + text.utf8.count / 64)
        switch (name, strings.count) {
        case (.contains, 1): return .bool(strings[0].isEmpty || text.contains(strings[0]))
        case (.beginsWith, 1): return .bool(text.hasPrefix(strings[0]))
        case (.endsWith, 1): return .bool(text.hasSuffix(strings[0]))
        case (.toLowerCase, 0): return .string(text.lowercased())
        case (.toUpperCase, 0): return .string(text.uppercased())
        case (.replace, 2):
            guard !strings[0].isEmpty else { return .string(text) }
            return .string(text.replacingOccurrences(of: strings[0], with: strings[1]))
        default: throw Failure(message: "no method '\(name.rawValue)' on string")
        }
    }

    mutating func matches(_ receiver: FirebaseRuleValue, _ regex: LinearRegex) throws(Failure)
        -> FirebaseRuleValue
    {
        guard case .string(let text) = receiver else {
            throw Failure(message: "matches() needs a string, not \(receiver.typeName)")
        }
        var allowance = budget
        let result = regex.matches(text, budget: &allowance)
        budget = allowance
        guard let result else { throw Failure(message: "the regular expression took more than the evaluation budget") }
        return .bool(result)
    }
}
