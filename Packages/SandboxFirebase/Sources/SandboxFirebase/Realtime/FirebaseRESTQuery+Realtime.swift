import Foundation
import Networking
import SandboxCore

extension FirebaseRESTQuery {
    /// The Realtime Database protocol's names for the ends of a range that
    /// take in every key at the bound's value.
    private static let minName = "[MIN_NAME]"
    private static let maxName = "[MAX_NAME]"

    /// A query object of the Realtime Database's protocol, as the SDKs
    /// write it: `i` the index (`.key`, `.value`, a child path; absent for
    /// priority order), `sp`/`sn`/`sin` the start value, key and
    /// inclusiveness, `ep`/`en`/`ein` the end's, `l` the limit and `vf`
    /// the end it counts from (`l` the first, `r` the last). `nil` for an
    /// empty object: every child.
    init?(protocolQuery object: [String: JSON]) throws(FirebaseEmulatorError) {
        guard !object.isEmpty else { return nil }
        let order: Order
        switch object["i"] {
        case nil, .string(".priority")?: order = .priority
        case .string(".key")?: order = .key
        case .string(".value")?: order = .value
        case .string(let path)?:
            let childPath = FirebasePath(relative: path)
            guard !childPath.isRoot else { throw .orderByNotJSON }
            try FirebasePath.validate(childPath.keys, tooLongError: nil)
            order = .child(childPath)
        default: throw .orderByNotJSON
        }
        self.init(order: order)
        start = try Self.bound(object, value: "sp", name: "sn", inclusive: "sin", order: order, lower: true)
        end = try Self.bound(object, value: "ep", name: "en", inclusive: "ein", order: order, lower: false)
        if let limit = object["l"] {
            guard case .number(let number) = limit, number >= 1, number <= Double(Int32.max),
                let count = Int(exactly: number)
            else { throw .limitNotPositive("limit") }
            self.limit = object["vf"] == .string("r") ? .last(count) : .first(count)
        }
    }

    private static func bound(
        _ object: [String: JSON], value valueKey: String, name nameKey: String, inclusive inclusiveKey: String,
        order: Order, lower: Bool
    ) throws(FirebaseEmulatorError) -> Bound? {
        guard let value = object[valueKey] else { return nil }
        guard value.isFirebasePrimitive else { throw .constraintNotPrimitive }
        var inclusive = true
        if let flag = object[inclusiveKey] {
            guard case .bool(let given) = flag else { throw .constraintNotPrimitive }
            inclusive = given
        }
        if order == .key {
            guard case .string(let key) = value else { throw .keyIndexNotString }
            return Bound(value: .null, key: .name(key), inclusive: inclusive)
        }
        let key: KeyBound
        switch object[nameKey] {
        case .string(minName)?: key = .min
        case .string(maxName)?: key = .max
        case .string(let name)?: key = .name(name)
        case nil: key = lower == inclusive ? .min : .max
        default: throw .constraintNotPrimitive
        }
        return Bound(value: FirebaseIndexValue(value), key: key, inclusive: inclusive)
    }
}
