import Foundation

/// A file an upload reads or a download writes could not be used.
public struct FileFailure: Sendable, Hashable, CustomStringConvertible {
    /// What was being done with the file.
    public enum Operation: String, Sendable, Hashable {
        /// Reading a body to upload.
        case reading
        /// Writing a download.
        case writing
    }

    /// What was being done with the file.
    public var operation: Operation
    /// The file's path.
    public var path: String
    /// What went wrong, in plain words.
    public var reason: String
    /// The file system's own error (a `CocoaError`, a `POSIXError`, a
    /// Keychain status), for logs. Not part of ``description``, and not
    /// compared by `==`.
    public var underlying: (any Error)? {
        get { cause.error }
        set { cause = ErrorCause(newValue) }
    }
    private var cause = ErrorCause(nil)

    /// Creates a failure.
    public init(operation: Operation, path: String, reason: String, underlying: (any Error)? = nil) {
        self.operation = operation
        self.path = path
        self.reason = reason
        self.underlying = underlying
    }

    /// The failure of `operation` on `file`, with the system's words for
    /// `error` as its reason and `error` as its cause.
    public init(_ operation: Operation, _ file: URL, error: any Error) {
        self.init(operation: operation, path: file.path, reason: Self.reason(of: error), underlying: error)
    }

    /// `Could not read /tmp/photo.jpg: it changed while it was sent (82753 bytes expected).`
    public var description: String {
        "Could not \(operation == .reading ? "read" : "write") \(path): \(reason)."
    }

    static func reading(_ url: URL, _ reason: String) -> NetworkError {
        .fileFailed(FileFailure(operation: .reading, path: url.path, reason: reason))
    }

    static func writing(_ url: URL, _ reason: String) -> NetworkError {
        .fileFailed(FileFailure(operation: .writing, path: url.path, reason: reason))
    }

    static func writing(_ url: URL, _ error: any Error) -> NetworkError {
        .fileFailed(FileFailure(.writing, url, error: error))
    }

    /// The size of a regular, readable file.
    static func size(ofFileAt url: URL) throws(NetworkError) -> Int {
        guard url.isFileURL else { throw reading(url, "it is not a file URL") }
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        } catch {
            throw reading(url, reason(of: error))
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw reading(url, "it is not a regular file")
        }
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw reading(url, "permission denied")
        }
        return (attributes[.size] as? NSNumber)?.intValue ?? 0
    }

    /// The system's words for a file error, without Foundation's wrapping.
    static func reason(of error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
            let code = POSIXErrorCode(rawValue: Int32(clamping: underlying.code))
        {
            return POSIXError(code).localizedDescription
        }
        if nsError.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(clamping: nsError.code)) {
            return POSIXError(code).localizedDescription
        }
        switch nsError.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "no such file"
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
        case NSFileWriteOutOfSpaceError: return "no space left on the device"
        default: return nsError.localizedDescription
        }
    }
}
