import Foundation

/// A built site's book pages read back into what they show, for tests that check a site
/// against the data it was built from (an export, a catalog). Shelf, tag, series and stats
/// pages can be read the same way as they come.
struct BuiltBookPages {
  /// One `books/<slug>/index.html`, as its markup shows the book.
  struct Page: Equatable {
    var slug: String
    var title: String
    var authors: [String]
    /// The `<p class="series">` line, nil without one.
    var series: String?
    /// Under "My reading": the shelf's name, the owner's rating, the dates read.
    var shelf: String?
    var myRating: String?
    var datesRead: [String]
    var tags: [String]
    /// The attribution line (`Data from …`, or `From my Goodreads export: …`).
    var attribution: String
  }

  let pages: [Page]

  /// Every book page under `output/books/`, in slug order.
  init(output: String) throws {
    let folder = output + "/books"
    var pages: [Page] = []
    for slug in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
      let path = "\(folder)/\(slug)/index.html"
      guard FileManager.default.fileExists(atPath: path) else { continue }
      pages.append(Self.page(slug: slug, html: try String(contentsOfFile: path, encoding: .utf8)))
    }
    self.pages = pages
  }

  /// The pages by title (a test's titles are unique).
  var byTitle: [String: Page] {
    Dictionary(pages.map { ($0.title, $0) }, uniquingKeysWith: { first, _ in first })
  }

  static func page(slug: String, html: String) -> Page {
    let header = section(html, from: "<header class=\"book-header\">", to: "</header>") ?? ""
    let reading = section(html, from: "<section class=\"details reading\">", to: "</section>") ?? ""
    let details = section(html, from: "<h2>Details</h2>", to: "</section>") ?? ""
    let authorList = section(header, from: "<ul class=\"inline-list authors\">", to: "</ul>") ?? ""
    let tagList = section(details, from: "<dt>Tags</dt><dd><ul class=\"inline-list\">", to: "</ul>") ?? ""
    let readSection =
      section(reading, from: "<dt>Finished</dt>", to: "<dt>") ?? section(
        reading, from: "<dt>Finished</dt>", to: "</dl>") ?? ""
    return Page(
      slug: slug, title: text(section(header, from: ">", to: "</h1>") ?? ""),
      authors: all(authorList, from: "<li>", to: "</li>").map(text),
      series: section(header, from: "<p class=\"series\">", to: "</p>").map(text),
      shelf: section(reading, from: "<dt>Shelf</dt><dd>", to: "</dd>").map(text),
      myRating: section(reading, from: "<dt>My rating</dt><dd>", to: "</dd>").flatMap {
        section($0, from: "<span class=\"visually-hidden\">", to: " out of 5")
      },
      datesRead: all(readSection, from: "<time datetime=\"", to: "\""),
      tags: all(tagList, from: "<li>", to: "</li>").map(text),
      attribution: text(section(html, from: "<p class=\"attribution\">", to: "</p>") ?? ""))
  }

  /// The text between the first `start` and the next `end` after it.
  private static func section(_ text: String, from start: String, to end: String) -> String? {
    guard let open = text.range(of: start),
      let close = text.range(of: end, range: open.upperBound..<text.endIndex)
    else { return nil }
    return String(text[open.upperBound..<close.lowerBound])
  }

  private static func all(_ text: String, from start: String, to end: String) -> [String] {
    var found: [String] = []
    var rest = Substring(text)
    while let open = rest.range(of: start),
      let close = rest.range(of: end, range: open.upperBound..<rest.endIndex)
    {
      found.append(String(rest[open.upperBound..<close.lowerBound]))
      rest = rest[close.upperBound...]
    }
    return found
  }

  /// Markup removed, the escapes templates write undone, whitespace trimmed.
  private static func text(_ html: String) -> String {
    var out = ""
    var inTag = false
    for character in html {
      if character == "<" {
        inTag = true
      } else if character == ">" {
        inTag = false
      } else if !inTag {
        out.append(character)
      }
    }
    for (entity, character) in [
      ("&#39;", "'"), ("&quot;", "\""), ("&lt;", "<"), ("&gt;", ">"), ("&#x27;", "'"), ("&amp;", "&"),
    ] {
      out = out.replacingOccurrences(of: entity, with: character)
    }
    return out.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
