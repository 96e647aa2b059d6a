import Foundation

/// How ``NetworkClient/download(_:to:options:)`` downloads a file.
public struct DownloadOptions: Sendable {
    /// The most bytes the file may have; a larger one fails with
    /// ``NetworkError/responseTooLarge(limit:)`` and leaves nothing behind.
    /// `nil` (the default) sets no limit but the disk's.
    public var maxSize: Int?
    /// How many times a download cut off mid-body is taken up again: from
    /// where it stopped when the server can resume it, from the start
    /// otherwise. 3 unless set.
    public var maxResumes: Int
    /// Told how many bytes have arrived and the total when known, about a
    /// hundred times over the whole file, in order, on the downloading
    /// task. A download that has to start over reports from zero again.
    public var progress: (@Sendable (TransferProgress) -> Void)?

    /// Creates options.
    public init(
        maxSize: Int? = nil, maxResumes: Int = 3, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) {
        self.maxSize = maxSize.map { max(0, $0) }
        self.maxResumes = max(0, maxResumes)
        self.progress = progress
    }
}

/// A finished download.
public struct Download: Sendable, Hashable {
    /// Where the file is.
    public var url: URL
    /// The file's size in bytes.
    public var byteCount: Int
    /// The header fields of the response that began the file.
    public var headers: HeaderFields
    /// How many times the download was taken up again after it was cut off.
    public var resumes: Int
}
