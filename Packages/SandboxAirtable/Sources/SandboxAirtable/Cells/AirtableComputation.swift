import Foundation
import Networking
import SandboxCore

/// What one request may spend on computed cells: formula fields, lookups,
/// counts and rollups, `filterByFormula` and sorting all draw on one budget
/// of work and one nesting depth, and each computed cell is worked out once.
///
/// A formula field that reads a lookup that reads a formula field of a
/// linked table (maybe the same one) is a chain Airtable refuses when the
/// schema is made; a base file can still hold one, so every hop counts
/// towards ``maxDepth`` and a cycle ends as an empty or `#ERROR!` cell
/// instead of a stack overflow, and links fanning out at every hop cannot
/// multiply the work past ``AirtableFormulaEvaluator/defaultBudget``.
///
/// It lives for one request, inside the emulator's actor, and is never
/// shared across tasks.
final class AirtableComputation {
    /// The deepest computed fields may read computed fields (formula fields
    /// reading formula fields, lookups of lookups).
    static let maxDepth = 16
    /// The most computed cells remembered in one request.
    static let maxRemembered = 200_000

    /// Steps left for the whole request.
    var budget: Int
    /// `NOW()` and `TODAY()`: one instant for the whole request.
    let now: AirtableFormulaDate
    /// How many computed fields are being worked out inside one another.
    private(set) var depth = 0
    /// Patterns already compiled in this request (a few at most: formulas
    /// rarely build them from cells), `nil` for one that did not compile.
    var regexes: [String: LinearRegex?] = [:]
    /// Computed cells already worked out, by table, record and field id.
    private var remembered: [CellKey: JSON?] = [:]
    /// How many times ``nested(orElse:_:)`` refused to go deeper.
    private var refusals = 0
    /// Computed fields already known to depend on themselves, or not.
    private var circular: [FieldKey: Bool] = [:]

    private struct FieldKey: Hashable {
        var table: String
        var field: String
    }

    private struct CellKey: Hashable {
        var table: String
        var record: String
        var field: String
    }

    init(now: Date = Date(), budget: Int = AirtableFormulaEvaluator.defaultBudget) {
        self.now = AirtableFormulaDate(clamping: now.timeIntervalSince1970 * 1000)
        self.budget = budget
    }

    /// Takes `steps` from the budget; `false` once it is spent.
    func spend(_ steps: Int) -> Bool {
        budget -= max(steps, 0)
        return budget >= 0
    }

    /// Runs `work` one level deeper, or answers `tooDeep` past
    /// ``maxDepth``.
    func nested<Value>(orElse tooDeep: Value, _ work: () -> Value) -> Value {
        guard depth < Self.maxDepth else {
            refusals += 1
            return tooDeep
        }
        depth += 1
        defer { depth -= 1 }
        return work()
    }

    /// A computed cell, worked out by `compute` the first time it is asked
    /// for in this request.
    func cell(table: String, record: String, field: String, _ compute: () -> JSON?) -> JSON? {
        let key = CellKey(table: table, record: record, field: field)
        if let known = remembered[key] { return known }
        let refusedBefore = refusals
        let value = compute()
        // A cell cut short by the budget or the depth is not remembered: the
        // same cell reached by a shorter path may still be worked out.
        if budget >= 0, refusals == refusedBefore, remembered.count < Self.maxRemembered {
            remembered[key] = value
        }
        return value
    }

    /// Forgets the cells worked out so far: a write changed what they read.
    func forgetCells() {
        remembered.removeAll(keepingCapacity: true)
    }

    /// Whether a computed field depends on itself through formulas,
    /// lookups and rollups, which Airtable refuses when the field is made
    /// ("circular reference") but a base file can still hold. Such a field
    /// is `#ERROR!` (or empty), worked out without following the cycle.
    func isCircular(_ field: AirtableField, in table: AirtableTable) -> Bool {
        let start = FieldKey(table: table.id, field: field.id)
        if let known = circular[start] { return known }
        var seen: Set<FieldKey> = []
        var pending = Self.dependencies(of: field, in: table)
        var found = false
        // Bounded by the base's fields: each is visited once.
        while let (next, nextTable) = pending.popLast() {
            let key = FieldKey(table: nextTable.id, field: next.id)
            if key == start {
                found = true
                break
            }
            guard seen.insert(key).inserted else { continue }
            pending.append(contentsOf: Self.dependencies(of: next, in: nextTable))
        }
        circular[start] = found
        return found
    }

    /// The fields a computed field reads directly, with their tables.
    private static func dependencies(of field: AirtableField, in table: AirtableTable)
        -> [(AirtableField, AirtableTable)]
    {
        switch field.type {
        case .formula:
            return (field.formula?.fieldReferences ?? []).compactMap { name in table.field(name).map { ($0, table) } }
        case .multipleLookupValues, .rollup:
            guard case (_, let linked, let target?)? = table.linkPath(of: field) else { return [] }
            return [(target, linked)]
        default:
            return []
        }
    }
}
