import BookRecord
import Support

/// A remote cover image as a page shows it: its https URL and the size it is served at, so the
/// page can reserve its box before it loads and never stretch it past its pixels.
struct CoverImage: Sendable, Equatable {
  let url: String
  let width: Int
  let height: Int

  /// `url` with the size its source serves it at: Google's by its `zoom` (5 is about 80 pixels
  /// wide, 1 about 128, 2 about 300, 3 about 575, 4 about 800, 6 about 1280), Open Library's by
  /// its size letter (S about 40, M about 180, L about 500 on its long side); any other (the
  /// owner's) as a large image. Heights are the usual 2:3 of a book; the page keeps the real
  /// shape once the image has loaded.
  init(url: String) {
    self.url = url
    width = CoverImage.width(of: url)
    height = width * 3 / 2
  }

  static let largeWidth = 500

  static func width(of url: String) -> Int {
    let host = WebLink.host(of: url) ?? ""
    if host == "covers.openlibrary.org" {
      let path = url.utf8.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
      if path.count >= 6 {
        switch path.dropLast(4).last {  // the letter before `.jpg`
        case UInt8(ascii: "S"): return 40
        case UInt8(ascii: "M"): return 180
        default: return largeWidth / 3 * 2
        }
      }
      return largeWidth
    }
    if WebLink.servesHTTPS(host), let zoom = queryValue("zoom", in: url) {
      switch zoom {
      case "5": return 80
      case "1": return 128
      case "2": return 300
      case "3": return 575
      case "4": return 800
      case "6": return 1280
      default: break
      }
    }
    return largeWidth
  }

  /// The value of `name=` in the URL's query, if it has one.
  static func queryValue(_ name: String, in url: String) -> Substring? {
    guard let start = url.firstIndex(of: "?") else { return nil }
    let query = url[url.index(after: start)...].prefix { $0 != "#" }
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      if parts.count == 2, parts[0] == name { return parts[1] }
    }
    return nil
  }

  /// One of twelve tones for a book's title card, the same for the same book on every build and
  /// every page: from its id, so the card does not change colour when a title is corrected.
  static func tone(of id: String) -> Int {
    var id = id
    let hash = id.withUTF8 { XXH64.hash($0) }
    return Int(hash % UInt64(toneCount))
  }

  static let toneCount = 12
}
