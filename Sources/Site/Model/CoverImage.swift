import BookRecord
import Support

/// A cover image as a page shows it: its URL and the size it is served at, so the page can
/// reserve its box before it loads and never stretch it past its pixels. A remote one is its
/// source's https URL; one bookgen processed (`LocalCover`) is served from the site's `covers/`
/// as WebP at 1× and 2× (`webpSrcset`) with a JPEG fallback (`url`), on its own colour.
struct CoverImage: Sendable, Equatable {
  let url: String
  let width: Int
  let height: Int
  /// `a.webp, b.webp 2x` for a `<source>`, for a cover served from the site.
  var webpSrcset: String?
  /// `#rrggbb`: the slot's background while a cover served from the site loads.
  var color: String?

  /// `url` with the size its source serves it at: Google's by its `zoom` (5 is about 80 pixels
  /// wide, 1 about 128, 2 about 300, 3 about 575, 4 about 800, 6 about 1280), Open Library's by
  /// its size letter (S about 40, M about 180, L about 500 on its long side); any other (the
  /// owner's) as a large image. Heights are the usual 2:3 of a book; the page keeps the real
  /// shape once the image has loaded.
  init(url: String, width: Int? = nil) {
    self.url = url
    self.width = width ?? CoverImage.width(of: url)
    height = self.width * 3 / 2
  }

  static let largeWidth = 500

  /// `book`'s cover in `slot`: the one bookgen processed, else its source's link; nil when it
  /// has neither (the page shows the title card). `prefix` is the site's path prefix; `remote`
  /// the link and the width it was found to be served at.
  static func of(_ book: Book, slot: CoverSlot, prefix: String, remote: (url: String?, width: Int))
    -> CoverImage?
  {
    if let local = book.localCover { return CoverImage(local: local, slot: slot, prefix: prefix) }
    return remote.url.map { CoverImage(url: $0, width: remote.width) }
  }

  /// The processed cover's images for `slot`: its WebP at 1× and, when the image has the pixels
  /// for it, 2×; and as the fallback for a browser without WebP, its smallest JPEG (one JPEG a
  /// cover keeps its files small: every current browser takes the WebP).
  init(local cover: LocalCover, slot: CoverSlot, prefix: String) {
    let (one, two) = slot.variants(of: cover)
    url = CoverImage.url(of: cover, slot: slot, prefix: prefix)
    width = one.width
    height = one.height
    webpSrcset = CoverImage.path(of: cover, prefix: prefix, width: one.width, format: .webp, then: two?.width)
    color = CoverImage.isColor(cover.color) ? cover.color : nil
  }

  /// The `url` of `init(local:slot:prefix:)`: the JPEG a browser without WebP shows.
  static func url(of cover: LocalCover, slot: CoverSlot, prefix: String) -> String {
    path(
      of: cover, prefix: prefix, width: cover.variants.first?.width ?? slot.variants(of: cover).one.width,
      format: .jpeg)
  }

  /// `prefix` and `cover`'s file at `width` in `format` (`LocalCover.appendPath`); with
  /// `then`, `, `, `prefix` and its WebP at that width, and ` 2x`. Reserved at about its final
  /// size: pages name covers' files by the thousand.
  static func path(
    of cover: LocalCover, prefix: String, width: Int, format: LocalCover.Format, then second: Int? = nil
  ) -> String {
    var text = prefix
    text.reserveCapacity(2 * (prefix.utf8.count + cover.name.utf8.count) + 48)
    cover.appendPath(width: width, format: format, to: &text)
    if let second {
      text += ", " + prefix
      cover.appendPath(width: second, format: .webp, to: &text)
      text += " 2x"
    }
    return text
  }

  /// `#rrggbb` in lower- or upper-case hex: nothing else goes into a style attribute.
  static func isColor(_ text: String) -> Bool {
    let bytes = text.utf8
    return bytes.count == 7 && bytes.first == UInt8(ascii: "#")
      && bytes.dropFirst().allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102) }
  }

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

  /// The value of `name=` in the URL's query, if it has one. Read as UTF-8 bytes: URL syntax
  /// is ASCII, and walking Characters made this a large part of rendering a page of cards.
  static func queryValue(_ name: String, in url: String) -> Substring? {
    var url = url
    let value: Range<Int>? = url.withUTF8 { bytes in
      guard let mark = bytes.firstIndex(of: UInt8(ascii: "?")) else { return nil }
      let end = bytes[mark...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
      var start = mark + 1
      while start < end {
        let pairEnd = bytes[start..<end].firstIndex(of: UInt8(ascii: "&")) ?? end
        let pair = bytes[start..<pairEnd]
        if let equals = pair.firstIndex(of: UInt8(ascii: "=")), pair[..<equals].elementsEqual(name.utf8) {
          return (equals + 1)..<pairEnd
        }
        start = pairEnd + 1
      }
      return nil
    }
    guard let value else { return nil }
    let utf8 = url.utf8
    return Substring(
      utf8[
        utf8.index(
          utf8.startIndex, offsetBy: value.lowerBound)..<utf8.index(
            utf8.startIndex, offsetBy: value.upperBound)])
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

/// Where a page shows a cover, by the CSS width of its box at 1× (the default theme's grid cell
/// and book page column). Covers are processed at two widths, 160 and 320 pixels: the card's 1×
/// and 2×, and the book page's 1× (its column is 16rem, 256 pixels, at most), so that a cover's
/// files stay near 25 KB in all.
enum CoverSlot: CaseIterable {
  /// Book cards: the grid's cells are 8.5rem wide at least (7rem on a phone).
  case card
  /// The book page's cover column.
  case page

  var width: Int {
    switch self {
    case .card: 160
    case .page: 256
    }
  }

  /// The widths covers are processed at, ascending.
  static let processedWidths = [160, 320]

  /// The variants shown at 1× and 2×: the narrowest made at least as wide as the slot (else the
  /// widest: the image is narrower, and is never upscaled), and the narrowest at least twice as
  /// wide (else the widest), when it is wider than the 1×.
  func variants(of cover: LocalCover) -> (one: LocalCover.Size, two: LocalCover.Size?) {
    func made(atLeast width: Int) -> LocalCover.Size? {
      cover.variants.first { $0.width >= width } ?? cover.variants.last
    }
    guard let one = made(atLeast: width) else {
      return (LocalCover.Size(width: min(width, cover.size.width), height: cover.size.height), nil)
    }
    let two = made(atLeast: width * 2)
    return (one, two.flatMap { $0.width > one.width ? $0 : nil })
  }

  /// The files of `cover` some page shows: every slot's WebP at 1× and 2×, and the smallest JPEG.
  static func files(of cover: LocalCover) -> [(width: Int, format: LocalCover.Format)] {
    var files: [(width: Int, format: LocalCover.Format)] = []
    if let smallest = cover.variants.first { files.append((smallest.width, .jpeg)) }
    for slot in allCases {
      let (one, two) = slot.variants(of: cover)
      files.append((one.width, .webp))
      if let two { files.append((two.width, .webp)) }
    }
    var kept: [(width: Int, format: LocalCover.Format)] = []
    for file in files where !kept.contains(where: { $0 == file }) { kept.append(file) }
    return kept
  }
}
