extension SooGreyhoundsAPI {
    /// The service's methods, each the value of the `method` parameter: the
    /// lesson's `Method` enum.
    public enum Method: String, Sendable, Hashable, CaseIterable {
        /// The latest photos, newest first.
        case latestPhotos = "soogreyhounds.photos.getList"
        /// Photos whose title or tags match the `text` parameter.
        case searchPhotos = "soogreyhounds.photos.search"
    }

    /// The extras a photo needs to be shown: its large image URL and when it
    /// was taken.
    public static let photoExtras = "url_h,date_taken"
}
