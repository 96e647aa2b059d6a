import Foundation
import SandboxCore

extension AirtableFormulaEvaluator {
    /// Calls `function`. `IF`, `SWITCH` and `ISERROR` evaluate only the
    /// arguments they need; every other function evaluates all of them and
    /// gives back the first error among them.
    mutating func call(
        _ function: AirtableFormulaFunction, _ arguments: [AirtableFormula], _ record: AirtableRecord
    ) -> AirtableFormulaValue {
        switch function {
        case .if:
            let condition = evaluate(arguments[0], record)
            if condition.isError { return condition }
            if condition.isTruthy { return evaluate(arguments[1], record) }
            return arguments.count > 2 ? evaluate(arguments[2], record) : .blank
        case .switch:
            let subject = evaluate(arguments[0], record)
            var index = 1
            while index + 1 < arguments.count {
                if Self.compare(subject, evaluate(arguments[index], record)) == .orderedSame {
                    return evaluate(arguments[index + 1], record)
                }
                index += 2
            }
            return index < arguments.count ? evaluate(arguments[index], record) : .blank
        case .isError:
            return .boolean(evaluate(arguments[0], record).isError)
        case .recordID:
            return .string(record.id)
        case .createdTime:
            return AirtableFormulaDate(parsing: record.createdTime).map(AirtableFormulaValue.date) ?? .blank
        case .lastModifiedTime:
            // One time per record: when any of its cells last changed (the
            // service can also watch only the fields it is given).
            return AirtableFormulaDate(parsing: record.lastModifiedTime).map(AirtableFormulaValue.date) ?? .blank
        default:
            break
        }
        var values: [AirtableFormulaValue] = []
        values.reserveCapacity(arguments.count)
        for argument in arguments {
            let value = evaluate(argument, record)
            if value.isError, function != .countAll { return value }
            values.append(value)
        }
        switch function {
        case .concatenate, .encodeURLComponent, .find, .search, .left, .right, .mid, .len, .lower, .upper, .replace,
            .rept, .substitute, .t, .trim, .regexMatch, .regexExtract, .regexReplace:
            return text(function, values)
        case .and, .or, .xor, .not, .true, .false, .blank, .error:
            return logical(function, values)
        case .abs, .average, .ceiling, .count, .countA, .countAll, .even, .exp, .floor, .int, .log, .max, .min, .mod,
            .odd, .power, .round, .roundDown, .roundUp, .sqrt, .sum, .value:
            return numeric(function, values)
        case .arrayCompact, .arrayFlatten, .arrayJoin, .arrayUnique, .arraySlice:
            return array(function, values)
        default:
            return date(function, values)
        }
    }

    private mutating func logical(
        _ function: AirtableFormulaFunction, _ values: [AirtableFormulaValue]
    ) -> AirtableFormulaValue {
        switch function {
        case .and: return .boolean(values.allSatisfy(\.isTruthy))
        case .or: return .boolean(values.contains(where: \.isTruthy))
        case .xor: return .boolean(values.filter(\.isTruthy).count % 2 == 1)
        case .not: return .boolean(!values[0].isTruthy)
        case .true: return .boolean(true)
        case .false: return .boolean(false)
        case .error: return .invalid
        default: return .blank
        }
    }

    private mutating func array(
        _ function: AirtableFormulaFunction, _ values: [AirtableFormulaValue]
    ) -> AirtableFormulaValue {
        let elements = values[0] == .blank ? [] : values[0].flattened
        guard spend(elements.count) else { return .invalid }
        switch function {
        case .arrayCompact:
            return .array(elements.filter { !$0.isBlank })
        case .arrayFlatten:
            return .array(elements)
        case .arrayUnique:
            var seen: Set<AirtableFormulaValue> = []
            return .array(elements.filter { seen.insert($0).inserted })
        case .arrayJoin:
            let separator = values.count > 1 ? values[1].text : ", "
            return text(elements.map(\.text).joined(separator: separator))
        default:
            // ARRAYSLICE(array, start, [end]): 1-based, negative from the
            // end, end inclusive.
            guard let start = Self.integer(values[1]), let end = values.count > 2 ? Self.integer(values[2]) : -1
            else { return .invalid }
            let count = elements.count
            let from = start < 0 ? count + start : start - 1
            let to = end < 0 ? count + end : end - 1
            guard from <= to, from < count, to >= 0 else { return .array([]) }
            return .array(Array(elements[Swift.max(from, 0)...Swift.min(to, count - 1)]))
        }
    }

    /// A value as a whole number within `Int32`, for positions and counts.
    static func integer(_ value: AirtableFormulaValue) -> Int? {
        guard let number = value.numeric, number.isFinite, Swift.abs(number) < 2_147_483_648 else { return nil }
        return Int(number.rounded(.towardZero))  // safe: finite and under 2^31 in size, checked above
    }
}
