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

  /// The value of `name=` in the URL's query, if it has one. Read as UTF-8: URL syntax is
  /// ASCII, and walking Characters made this a large part of rendering a page of cards.
  static func queryValue(_ name: String, in url: String) -> Substring? {
    let bytes = url.utf8
    guard let mark = bytes.firstIndex(of: UInt8(ascii: "?")) else { return nil }
    var start = bytes.index(after: mark)
    while start < bytes.endIndex, bytes[start] != UInt8(ascii: "#") {
      var end = start
      while end < bytes.endIndex, bytes[end] != UInt8(ascii: "&"), bytes[end] != UInt8(ascii: "#") {
        bytes.formIndex(after: &end)
      }
      let pair = bytes[start..<end]
      if let equals = pair.firstIndex(of: UInt8(ascii: "=")), pair[..<equals].elementsEqual(name.utf8) {
        return Substring(pair[bytes.index(after: equals)...])
      }
      start = end < bytes.endIndex && bytes[end] == UInt8(ascii: "&") ? bytes.index(after: end) : end
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
