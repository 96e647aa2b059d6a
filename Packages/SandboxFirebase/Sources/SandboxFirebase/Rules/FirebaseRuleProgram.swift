import Foundation
import SandboxCore

/// A rule expression compiled into nested closures when the rules are
/// parsed: evaluating it calls straight into its operands' code, with no
/// switch over the expression tree and no copy of its nodes' payloads on
/// every visit (which cost more than the rules' own work).
///
/// Every node spends one step of the evaluator's budget, as before.
struct FirebaseRuleProgram: Sendable {
    typealias Failure = FirebaseRuleEvaluator.Failure
    typealias Place = FirebaseRuleEvaluator.Place
    /// Evaluates the expression at a place.
    typealias Run = @Sendable (inout FirebaseRuleEvaluator, Place) throws(Failure) -> FirebaseRuleValue

    /// The compiled expression.
    let run: Run

    init(_ expression: FirebaseRuleExpression) {
        run = Self.compile(expression)
    }

    private static func compile(_ expression: FirebaseRuleExpression) -> Run {
        switch expression {
        case .literal(let value):
            return { evaluator, _ throws(Failure) in
                try evaluator.step()
                return value
            }
        case .regex:
            return { _, _ throws(Failure) in
                throw Failure(message: "a regular expression is only allowed in matches()")
            }
        case .list(let elements):
            if let (value, steps) = constant(expression) {
                return { evaluator, _ throws(Failure) in
                    try evaluator.step(steps)
                    return value
                }
            }
            let elements = elements.map(FirebaseRuleProgram.init)
            return { evaluator, place throws(Failure) in
                try evaluator.step()
                return .list(try evaluator.values(of: elements, at: place))
            }
        case .variable(let variable):
            return { evaluator, place throws(Failure) in
                try evaluator.step()
                return evaluator.value(of: variable, at: place)
            }
        case .wildcard(let name):
            return { evaluator, place throws(Failure) in
                try evaluator.step()
                guard let value = place.bindings[name] else { throw Failure(message: "unknown variable \(name)") }
                return .string(value)
            }
        case .member(let target, let name):
            let target = compile(target)
            return { evaluator, place throws(Failure) in
                try evaluator.step()
                let object = try target(&evaluator, place)
                return try evaluator.member(name, of: object)
            }
        case .index(let target, let key):
            let target = compile(target)
            let key = compile(key)
            return { evaluator, place throws(Failure) in
                try evaluator.step()
                let object = try target(&evaluator, place)
                guard case .string(let name) = try key(&evaluator, place) else {
                    throw Failure(message: "an index must be a string")
                }
                return try evaluator.member(name, of: object)
            }
        case .call(let target, let method, let arguments):
            return compileCall(target, method, arguments)
        case .unary(let operation, let operand):
            let operand = compile(operand)
            return { evaluator, place throws(Failure) in
                try evaluator.step()
                switch (operation, try operand(&evaluator, place)) {
                case (.not, .bool(let flag)): return .bool(!flag)
                case (.negate, .number(let number)): return .number(-number)
                case (_, let value):
                    throw Failure(message: "invalid operand for \(operation.rawValue): \(value.typeName)")
                }
            }
        case .binary(let operation, let left, let right):
            return compileBinary(operation, compile(left), compile(right))
        case .conditional(let condition, let then, let otherwise):
            let condition = compile(condition)
            let then = compile(then)
            let otherwise = compile(otherwise)
            return { evaluator, place throws(Failure) in
                try evaluator.step()
                guard case .bool(let flag) = try condition(&evaluator, place) else {
                    throw Failure(message: "the condition of ?: must be a boolean")
                }
                return try (flag ? then : otherwise)(&evaluator, place)
            }
        }
    }

    private static func compileCall(
        _ target: FirebaseRuleExpression, _ method: FirebaseRuleExpression.Method,
        _ arguments: [FirebaseRuleExpression]
    ) -> Run {
        if method == .matches, case .regex(let regex)? = arguments.first {
            let target = compile(target)
            return { evaluator, place throws(Failure) in
                try evaluator.step()
                let receiver = try target(&evaluator, place)
                return try evaluator.matches(receiver, regex)
            }
        }
        let arguments = Arguments(arguments)
        // `newData.val()`, `data.exists()`: only the variable's value is
        // read, so no snapshot is made (the variable's node and the call
        // each spend their step).
        if case .variable(let variable) = target, variable.isSnapshot, method.readsValueOnly {
            // Arguments known now (none, for `val()` and the `is…()`
            // tests) are captured as they are, not copied out on each call.
            if case .constant(let values, let steps) = arguments {
                let cost = 2 + steps
                return { evaluator, place throws(Failure) in
                    try evaluator.step(cost)
                    return try evaluator.call(method, onValueOf: variable, at: place, with: values)
                }
            }
            return { evaluator, place throws(Failure) in
                try evaluator.step(2)
                let values = try arguments.values(&evaluator, place)
                return try evaluator.call(method, onValueOf: variable, at: place, with: values)
            }
        }
        let childPath = Self.childPath(method, arguments)
        // `data.child('uid').val()`, `root.child(…).exists()`: a method of a
        // snapshot is called on the snapshot itself, never boxed in a value.
        if let snapshot = compileSnapshot(target) {
            return { evaluator, place throws(Failure) in
                try evaluator.step()
                let receiver = try snapshot(&evaluator, place)
                let values = try arguments.values(&evaluator, place)
                return try evaluator.call(method, on: receiver, with: values, childPath: childPath)
            }
        }
        let target = compile(target)
        return { evaluator, place throws(Failure) in
            try evaluator.step()
            let receiver = try target(&evaluator, place)
            let values = try arguments.values(&evaluator, place)
            return try evaluator.call(method, on: receiver, with: values, childPath: childPath)
        }
    }

    /// Evaluates an expression that always gives a snapshot.
    private typealias SnapshotRun =
        @Sendable (inout FirebaseRuleEvaluator, Place) throws(Failure) -> FirebaseRuleSnapshot

    /// The expression compiled to give its snapshot as it is, when it is
    /// one: `root`, `data` or `newData`, then any `child(…)` and `parent()`
    /// calls on it. Each node spends its step, as the value program would.
    private static func compileSnapshot(_ expression: FirebaseRuleExpression) -> SnapshotRun? {
        switch expression {
        case .variable(let variable) where variable.isSnapshot:
            return { evaluator, place throws(Failure) in
                try evaluator.step()
                return evaluator.snapshot(of: variable, at: place)
            }
        case .call(let target, let method, let arguments) where method == .child || method == .parent:
            guard let target = compileSnapshot(target) else { return nil }
            // `root.child('topics/' + newData.val())`: a literal that ends a
            // key, and a value added to it. The literal's keys are read now;
            // only the value is read, split and checked on each evaluation
            // (each node still spends its step).
            if method == .child, arguments.count == 1,
                case .binary(.add, .literal(.string(let literal)), let added) = arguments[0],
                literal.utf8.last == UInt8(ascii: "/")
            {
                let start = FirebaseRuleEvaluator.ChildPath(literal)
                let added = compile(added)
                return { evaluator, place throws(Failure) in
                    try evaluator.step()
                    let snapshot = try target(&evaluator, place)
                    try evaluator.step(2)
                    let text = try FirebaseRuleEvaluator.textAdded(try added(&evaluator, place))
                    return try evaluator.child(FirebaseRuleEvaluator.ChildPath(start, adding: text), of: snapshot)
                }
            }
            let arguments = Arguments(arguments)
            // Any other computed path, read as a path straight from its
            // value, with no argument list.
            if method == .child, case .computed(let programs) = arguments, programs.count == 1 {
                let argument = programs[0]
                return { evaluator, place throws(Failure) in
                    try evaluator.step()
                    let snapshot = try target(&evaluator, place)
                    let path = try FirebaseRuleEvaluator.ChildPath(argument: try argument.run(&evaluator, place))
                    return try evaluator.child(path, of: snapshot)
                }
            }
            let childPath = Self.childPath(method, arguments)
            return { evaluator, place throws(Failure) in
                try evaluator.step()
                let snapshot = try target(&evaluator, place)
                let values = try arguments.values(&evaluator, place)
                return try evaluator.descend(method, from: snapshot, with: values, childPath: childPath)
            }
        default:
            return nil
        }
    }

    /// The path a literal argument of `child()` or `hasChild()` names, read
    /// once, here.
    private static func childPath(_ method: FirebaseRuleExpression.Method, _ arguments: Arguments)
        -> FirebaseRuleEvaluator.ChildPath?
    {
        guard method == .child || method == .hasChild, case .constant(let values, _) = arguments,
            case .string(let text)? = values.first
        else { return nil }
        return FirebaseRuleEvaluator.ChildPath(text)
    }

    /// A call's arguments: values known when the rules are parsed (literals
    /// and lists of them, such as `hasChildren(['uid', 'text'])`), made
    /// once; or programs, run on every evaluation.
    private enum Arguments: Sendable {
        case constant([FirebaseRuleValue], steps: Int)
        /// Kept as programs, not bare closures: a closure held in an array
        /// is stored at the most general abstraction, and each call went
        /// through two reabstraction thunks.
        case computed([FirebaseRuleProgram])

        init(_ expressions: [FirebaseRuleExpression]) {
            var values: [FirebaseRuleValue] = []
            var steps = 0
            for expression in expressions {
                guard let (value, cost) = FirebaseRuleProgram.constant(expression) else {
                    self = .computed(expressions.map(FirebaseRuleProgram.init))
                    return
                }
                values.append(value)
                steps += cost
            }
            self = .constant(values, steps: steps)
        }

        /// The values, with the steps evaluating them spends.
        func values(_ evaluator: inout FirebaseRuleEvaluator, _ place: Place) throws(Failure)
            -> [FirebaseRuleValue]
        {
            switch self {
            case .constant(let values, let steps):
                try evaluator.step(steps)
                return values
            case .computed(let programs):
                return try evaluator.values(of: programs, at: place)
            }
        }
    }

    /// The value of a literal, or of a list of them, and the steps
    /// evaluating it spends (one a node, as the compiled program would).
    private static func constant(_ expression: FirebaseRuleExpression) -> (FirebaseRuleValue, steps: Int)? {
        switch expression {
        case .literal(let value):
            return (value, 1)
        case .list(let elements):
            var values: [FirebaseRuleValue] = []
            var steps = 1
            for element in elements {
                guard let (value, cost) = constant(element) else { return nil }
                values.append(value)
                steps += cost
            }
            return (.list(values), steps)
        default:
            return nil
        }
    }

    private static func compileBinary(
        _ operation: FirebaseRuleExpression.BinaryOperator, _ left: @escaping Run, _ right: @escaping Run
    ) -> Run {
        switch operation {
        case .and, .or:
            // Short-circuit: the right operand is evaluated only when needed.
            let stopsOn = operation == .or
            return { evaluator, place throws(Failure) in
                try evaluator.step()
                let first = try left(&evaluator, place)
                guard case .bool(let flag) = first else {
                    throw Failure(message: "\(operation.rawValue) needs booleans, not \(first.typeName)")
                }
                if flag == stopsOn { return first }
                let second = try right(&evaluator, place)
                guard case .bool = second else {
                    throw Failure(message: "\(operation.rawValue) needs booleans, not \(second.typeName)")
                }
                return second
            }
        default:
            return { evaluator, place throws(Failure) in
                try evaluator.step()
                let first = try left(&evaluator, place)
                let second = try right(&evaluator, place)
                return try FirebaseRuleEvaluator.combine(operation, first, second)
            }
        }
    }
}
