import Foundation

nonisolated(unsafe) private var selected: FuzzTarget?

/// libFuzzer's entry point: the selected target, on one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let target = selected else { return 0 }
    target.run(Data(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// Chooses the target from `FUZZ_TARGET` before libFuzzer starts.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<Int32>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> Int32 {
    let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget.all.first(where: { $0.name == name }) else {
        let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
        try? FileHandle.standardError.write(contentsOf: Data("FUZZ_TARGET must be one of: \(names)\n".utf8))
        exit(2)
    }
    selected = target
    return 0
}
