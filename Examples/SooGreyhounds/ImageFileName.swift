import Networking

/// File names for downloaded images, made from titles the server sent.
///
/// A title is input, so it never becomes a path as it is: only ASCII
/// letters, digits, `-`, `_` and `.` survive (anything else becomes `_`),
/// leading dots go (no hidden files, no `..`), and a clash with an earlier
/// name gets the photo id appended.
struct ImageFileName {
    private var taken: Set<String> = []

    /// A new, unique name such as `DeMeo_J17_2595.jpg`.
    mutating func make(title: String, photoID: String, format: ImageFormat) -> String {
        let fileExtension = format == .jpeg ? "jpg" : format.rawValue
        var stem = Self.sanitized(title)
        if stem.isEmpty {
            stem = "photo-" + Self.sanitized(photoID)
        }
        var name = "\(stem).\(fileExtension)"
        var attempt = 1
        while taken.contains(name.lowercased()) {
            let suffix = attempt == 1 ? Self.sanitized(photoID) : "\(Self.sanitized(photoID))-\(attempt)"
            name = "\(stem)-\(suffix).\(fileExtension)"
            attempt += 1
        }
        taken.insert(name.lowercased())
        return name
    }

    private static func sanitized(_ text: String) -> String {
        let characters = text.unicodeScalars.prefix(80).map { scalar -> Character in
            let isSafe =
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "-" || scalar == "_" || scalar == "."
            return isSafe ? Character(scalar) : "_"
        }
        return String(String(characters).drop(while: { $0 == "." }))
    }
}
