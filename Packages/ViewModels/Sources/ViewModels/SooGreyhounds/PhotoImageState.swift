import Networking

/// Where one photo's image is: on its way, here (with its real pixel size),
/// or failed. Each photo has its own, so one broken image never blanks the
/// gallery.
public enum PhotoImageState: Sendable, Hashable {
    /// Downloading: show a spinner.
    case loading
    /// Downloaded and checked to be an image.
    case loaded(RemoteImage)
    /// The download failed or the bytes are not an image; the text is the
    /// error's one line.
    case failed(String)

    /// The image, once loaded.
    public var image: RemoteImage? {
        if case .loaded(let image) = self { return image }
        return nil
    }

    /// The pixel size read from the image's own header, such as
    /// `1600 × 1067`, once loaded.
    public var pixelSizeText: String? {
        image.map { "\($0.width) × \($0.height)" }
    }

    /// Why the image could not be shown, once failed.
    public var failureMessage: String? {
        if case .failed(let message) = self { return message }
        return nil
    }
}
