import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Puts a folder written beside its destination in its place, so the
/// destination always holds one whole version: the old one until the swap,
/// the new one after.
///
/// An existing destination is exchanged with the new folder in one atomic
/// rename (`renameat2(RENAME_EXCHANGE)` on Linux, `renamex_np(RENAME_SWAP)`
/// on Apple platforms), and the old version, now at the new folder's name,
/// is removed after. Where the file system cannot exchange, the old version
/// is renamed aside first and put back if the new one cannot take its
/// place: a crash between the two renames leaves it whole under its aside
/// name. `FileManager.replaceItemAt` is not used: on Linux it refuses a
/// folder that is not empty.
enum FolderReplacement {
    /// Moves `staging` to `destination`, replacing what is there.
    ///
    /// - Throws: ``SandboxExport/Failure`` saying what could not be done; the
    ///   destination then still holds what it held.
    static func move(_ staging: URL, to destination: URL) throws(SandboxExport.Failure) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory) else {
            try rename(staging, to: destination)
            return
        }
        guard isDirectory.boolValue else {
            throw SandboxExport.Failure(description: "\(destination.path) is a file, not an export folder")
        }
        switch exchange(staging, destination) {
        case 0:
            try? FileManager.default.removeItem(at: staging)
            return
        case let code where !Self.exchangeUnsupported.contains(code):
            throw SandboxExport.Failure(
                description: "cannot replace \(destination.path): \(FileFailureReason.text(errno: code))")
        default:
            break
        }
        let aside = destination.deletingLastPathComponent().appending(
            path: ".\(destination.lastPathComponent).previous-\(UUID().uuidString)")
        try rename(destination, to: aside)
        do {
            try rename(staging, to: destination)
        } catch {
            // Put the old version back; it is whole under `aside` either way.
            _ = Foundation.rename(aside.path, destination.path)
            throw error
        }
        try? FileManager.default.removeItem(at: aside)
    }

    /// What `exchange` answers when the file system or kernel has no
    /// atomic exchange: the two-rename way is taken instead.
    private static let exchangeUnsupported: Set<Int32> = [EINVAL, ENOSYS, ENOTSUP, EOPNOTSUPP, -1]

    private static func rename(_ source: URL, to destination: URL) throws(SandboxExport.Failure) {
        guard Foundation.rename(source.path, destination.path) == 0 else {
            throw SandboxExport.Failure(
                description: "cannot move the export into \(destination.path): \(FileFailureReason.text(errno: errno))"
            )
        }
    }

    #if canImport(Glibc)
        private typealias RenameAt2 =
            @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

        /// `renameat2`, which is not in Swift's view of glibc's headers (it
        /// needs _GNU_SOURCE), so it is looked up by name once; glibc has
        /// had it since 2.28.
        private static let renameat2: RenameAt2? = dlsym(dlopen(nil, RTLD_NOW), "renameat2").map {
            unsafeBitCast($0, to: RenameAt2.self)
        }
    #endif

    /// Exchanges two paths atomically: 0, or the `errno` (-1 when this
    /// platform has no exchange).
    private static func exchange(_ first: URL, _ second: URL) -> Int32 {
        #if canImport(Glibc)
            guard let renameat2 = Self.renameat2 else { return -1 }
            let renameExchange: UInt32 = 1 << 1  // RENAME_EXCHANGE, from <linux/fs.h>
            return renameat2(AT_FDCWD, first.path, AT_FDCWD, second.path, renameExchange) == 0 ? 0 : errno
        #elseif canImport(Darwin)
            return renamex_np(first.path, second.path, UInt32(RENAME_SWAP)) == 0 ? 0 : errno
        #else
            return -1
        #endif
    }
}

/// A file operation's failure as words: the system's reason, without the
/// framework's domain and code.
enum FileFailureReason {
    /// `strerror`'s text for `code`, in lower case as it reads mid-sentence.
    static func text(errno code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// The reason inside a Foundation file error (its POSIX cause when it
    /// has one), else the error's own description.
    static func text(of error: any Error) -> String {
        let cause = (error as? CocoaError)?.underlying ?? error
        if let posix = cause as? POSIXError { return text(errno: posix.code.rawValue) }
        let described = cause as NSError
        if described.domain == NSPOSIXErrorDomain { return text(errno: Int32(clamping: described.code)) }
        return described.localizedDescription
    }
}
