import Foundation

/// One parser of untrusted input, driven by libFuzzer's bytes.
///
/// A target must return for every input: a thrown error is a fine answer,
/// a trap, an overflow or a hang is the bug it looks for.
struct FuzzTarget: Sendable {
    let name: String
    let run: @Sendable (Data) -> Void
}

extension FuzzTarget {
    /// Every target, by the name `make fuzz` passes.
    static let all: [FuzzTarget] = [
        .sandboxJSON, .airtableFormula, .airtableSchema, .airtableWrite, .airtableDates, .firebaseQuery, .firebaseWrite,
        .firebaseRules,
        .firebaseRuleEvaluation, .firebaseRealtime,
        .firebaseRegex, .requestLog, .faultPatterns, .faultForms, .exportFiles, .routes, .serverSentEvents,
        .retryAfter, .redaction, .firebaseAuth,
        .trailingCommas, .urlBuilding, .models, .errorBodies, .multipart, .contentRange, .byteRanges, .certificates,
    ]
}

/// Runs an async emulator call to completion from libFuzzer's synchronous
/// callback.
func blocking<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        box.value = await operation()
        done.signal()
    }
    done.wait()
    return box.value!  // safe: set before the signal
}

private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
