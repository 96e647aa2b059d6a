import Foundation

/// What to say about a photo when it is uploaded: the optional arguments
/// of Flickr's upload API.
public struct PhotoUpload: Sendable, Hashable {
    /// The title; Flickr uses the file name without its extension when
    /// there is none.
    public var title: String?
    /// A description.
    public var description: String?
    /// Tags, sent space-separated.
    public var tags: [String]
    /// Whether anyone may see it (`is_public`); a private photo is not
    /// listed by the latest-photos and search methods.
    public var isPublic: Bool
    /// Whether friends may see it (`is_friend`).
    public var isFriend: Bool
    /// Whether family may see it (`is_family`).
    public var isFamily: Bool

    /// Creates the description of an upload.
    public init(
        title: String? = nil, description: String? = nil, tags: [String] = [], isPublic: Bool = true,
        isFriend: Bool = false, isFamily: Bool = false
    ) {
        self.title = title
        self.description = description
        self.tags = tags
        self.isPublic = isPublic
        self.isFriend = isFriend
        self.isFamily = isFamily
    }
}
