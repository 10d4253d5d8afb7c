import Catalog
import Support

/// Builds every internal link from the site's base URL, so the site works at a domain root and
/// under a sub-path (`https://me.github.io/books/`) alike.
///
/// Hrefs are root-relative with the base URL's path prefix (`/books/books/dune-abc/`); canonical
/// URLs are absolute. Non-ASCII path characters (CJK slugs) are percent-encoded as UTF-8.
struct SiteURLs: Sendable, Equatable {
  /// Absolute, always ending in `/`.
  let baseURL: String
  /// The base URL's path, starting and ending with `/` (`/` at a domain root).
  let pathPrefix: String

  /// The base URL as `BaseURL` (Catalog's rule for it) normalises it: `http(s)://host[:port]/path/`.
  init(baseURL raw: String) throws(SiteError) {
    guard let url = BaseURL(raw) else { throw .invalidBaseURL(raw) }
    baseURL = url.url
    pathPrefix = url.path
  }

  /// Root-relative href for a site path given as segments (`["books", "dune-abc"]` → a folder).
  func href(_ path: SitePath) -> String { path.encodedURLPath(after: pathPrefix) }

  /// Absolute URL for a site path (canonical links, feeds).
  func absolute(_ path: SitePath) -> String { path.encodedURLPath(after: baseURL) }
}

extension SiteBuilder {
  /// The path of a base URL, starting and ending with `/` (`/books/` for
  /// `https://me.github.io/books`); nil when it is not a valid base URL.
  package static func path(ofBaseURL url: String) -> String? {
    try? SiteURLs(baseURL: url).pathPrefix
  }
}

/// A location inside the site: folder segments plus an optional file name (nil = `index.html`).
struct SitePath: Sendable, Hashable {
  let segments: [String]
  let fileName: String?

  static let root = SitePath([])

  init(_ segments: [String], fileName: String? = nil) {
    self.segments = segments
    self.fileName = fileName
  }

  /// `books/dune-abc/` for folders, `assets/style.css` for files.
  var encodedURLPath: String { encodedURLPath(after: "") }

  /// `prefix` followed by `encodedURLPath`, made in one string sized up front: joining a string
  /// per segment cost thousands of instructions per link, and pages link hundreds of paths.
  func encodedURLPath(after prefix: String) -> String {
    var length = prefix.utf8.count + segments.count + (fileName?.utf8.count ?? 0)
    for segment in segments { length += segment.utf8.count }
    var text = prefix
    // Room for the plain-ASCII case (most slugs); an encoded segment grows it as it must.
    text.reserveCapacity(length)
    for segment in segments {
      text += PercentEncoding.encodePathSegment(segment)
      text.append("/")
    }
    if let fileName { text += PercentEncoding.encodePathSegment(fileName) }
    return text
  }

  /// The file written for this location, relative to the output folder.
  var relativeFilePath: [String] { segments + [fileName ?? "index.html"] }

  /// The `page/N/` variant of a paginated list (page 1 is the list itself).
  func page(_ number: Int) -> SitePath {
    number <= 1 ? self : SitePath(segments + ["page", String(number)])
  }
}
