import Foundation
import SandboxCore

extension AirtableFormulaEvaluator {
    /// The numeric functions. Lists (lookups, rollups) count element by
    /// element; text that is not a number is `NaN`.
    mutating func numeric(
        _ function: AirtableFormulaFunction, _ values: [AirtableFormulaValue]
    ) -> AirtableFormulaValue {
        let elements = values.flatMap(\.flattened)
        guard spend(elements.count) else { return .invalid }
        switch function {
        case .count:
            return .number(Double(elements.filter { if case .number = $0 { true } else { false } }.count))
        case .countA:
            return .number(Double(elements.filter { !$0.isBlank }.count))
        case .countAll:
            return .number(Double(elements.count))
        case .sum, .average, .max, .min:
            // An error among the values is the result, as in Airtable.
            if let error = elements.first(where: \.isError) { return error }
            let numbers = elements.compactMap { $0.isBlank ? nil : $0.numeric }
            guard numbers.count == elements.filter({ !$0.isBlank }).count else { return .error("NaN") }
            switch function {
            case .sum: return .numeric(numbers.reduce(0, +))
            case .average:
                return numbers.isEmpty ? .error("#ERROR!") : .numeric(numbers.reduce(0, +) / Double(numbers.count))
            case .max: return .number(numbers.max() ?? 0)
            default: return .number(numbers.min() ?? 0)
            }
        case .value:
            // VALUE("$1,000.50") is 1000.5: the number in the text.
            let kept = values[0].text.filter { "0123456789.-eE".contains($0) }
            return AirtableFormulaValue.number(in: kept).map(AirtableFormulaValue.numeric) ?? .error("NaN")
        default:
            break
        }
        var numbers: [Double] = []
        for value in values {
            guard let number = value.numeric else { return .error("NaN") }
            numbers.append(number)
        }
        let x = numbers[0]
        switch function {
        case .abs: return .numeric(Swift.abs(x))
        case .sqrt: return x < 0 ? .error("NaN") : .numeric(x.squareRoot())
        case .exp: return .numeric(Foundation.exp(x))
        case .log:
            let base = numbers.count > 1 ? numbers[1] : 10
            return .numeric(Foundation.log(x) / Foundation.log(base))
        case .power: return .numeric(pow(x, numbers[1]))
        case .mod:
            // The sign of the dividend, as JavaScript's `%`.
            return numbers[1] == 0 ? .error("NaN") : .numeric(x.truncatingRemainder(dividingBy: numbers[1]))
        case .int: return .numeric(x.rounded(.down))
        case .even, .odd:
            // Away from zero to the nearest even (or odd) whole number.
            let magnitude = Swift.abs(x).rounded(.up)
            let parity = magnitude.truncatingRemainder(dividingBy: 2)
            let wanted: Double = function == .even ? 0 : 1
            let result = parity == wanted ? magnitude : magnitude + 1
            return .numeric(x < 0 ? -result : result)
        case .ceiling, .floor:
            let significance = Swift.abs(numbers.count > 1 ? numbers[1] : 1)
            guard significance != 0 else { return .number(0) }
            let rule: FloatingPointRoundingRule = function == .ceiling ? .up : .down
            return .numeric((x / significance).rounded(rule) * significance)
        default:
            // ROUND: to the nearest, ties half up toward positive infinity
            // (ROUND(-2.5, 0) is -2), as the reference states; ROUNDUP away
            // from zero; ROUNDDOWN toward zero; a negative precision rounds
            // left of the point.
            guard let precision = Self.integer(values[1]), Swift.abs(precision) <= 300 else { return .invalid }
            let scale = pow(10, Double(precision))
            // 1.005 * 100 is 100.49999…: small products are first rounded
            // to nine decimals, as a person reads them.
            let product = x * scale
            let scaled = Swift.abs(product) < 1e6 ? (product * 1e9).rounded() / 1e9 : product
            let rounded: Double =
                switch function {
                case .roundUp: scaled.rounded(.awayFromZero)
                case .roundDown: scaled.rounded(.towardZero)
                // Past 2^52 every double is whole, and adding a half could
                // round up to the next one.
                default: Swift.abs(scaled) >= 0x1p52 ? scaled : (scaled + 0.5).rounded(.down)
                }
            return .numeric(rounded / scale)
        }
    }
}
