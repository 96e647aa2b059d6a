import Foundation

/// The HTML page `download` writes beside the images: a grid of the photos
/// with their titles, dates and pixel sizes, that opens in any browser
/// straight from the folder.
struct GalleryPage {
    /// One image on the page.
    struct Entry {
        var file: String
        var title: String
        var dateTaken: String
        var width: Int
        var height: Int
    }

    var title: String
    var subtitle: String
    var entries: [Entry]

    /// The whole page. Every text from the server is escaped; file names
    /// are already safe (see ``ImageFileName``).
    func html() -> String {
        let figures = entries.map { entry in
            """
                <figure>
                  <a href="\(Self.escape(entry.file))"><img src="\(Self.escape(entry.file))" width="\(entry.width)" \
            height="\(entry.height)" alt="\(Self.escape(entry.title))" loading="lazy"></a>
                  <figcaption><strong>\(Self.escape(entry.title))</strong><br>\(Self.escape(entry.dateTaken)) · \
            \(entry.width) × \(entry.height)</figcaption>
                </figure>
            """
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
              <meta charset="utf-8">
              <meta name="viewport" content="width=device-width, initial-scale=1">
              <title>\(Self.escape(title))</title>
              <style>
                body { font-family: system-ui, sans-serif; margin: 2rem; background: #101418; color: #e8e8e8; }
                main { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 1.25rem; }
                figure { margin: 0; }
                img { width: 100%; height: auto; display: block; border-radius: 6px; background: #222; }
                figcaption { font-size: 0.85rem; margin-top: 0.5rem; line-height: 1.4; }
              </style>
            </head>
            <body>
              <h1>\(Self.escape(title))</h1>
              <p>\(Self.escape(subtitle))</p>
              <main>
            \(figures.joined(separator: "\n"))
              </main>
            </body>
            </html>

            """
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
