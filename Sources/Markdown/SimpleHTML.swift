import CGumbo

/// A strict reader for the HTML most Google descriptions and all of cmark's output use, so they
/// need not go through gumbo (about ten times slower).
///
/// The subset: text; the elements in `Tag`, properly nested, with attributes other than `href`,
/// `title`, `src`, `alt` and `start` skipped; simple comments; the references `&amp; &lt; &gt;
/// &quot; &apos; &nbsp;` and numeric ones for printable characters. Within it the HTML5 tree is
/// the obvious one unless the parser would close an element implicitly (a block start inside
/// `<p>`, `<li>` inside `<li>`, a heading in a heading, a link in a link), which `walk` detects.
/// Anything else makes `walk` return false and the caller parses with gumbo. A test compares
/// both paths byte for byte on generated input.
enum SimpleHTML {
  /// Feeds `bytes` to `visitor`; returns false, with the visitor partly fed, when the input is
  /// outside the subset. Visitors may skip only void elements (nothing is inside to skip).
  static func walk<Visitor: HTMLVisitor>(
    _ bytes: UnsafeBufferPointer<UInt8>, with visitor: inout Visitor
  ) -> Bool {
    var open: [(tag: Tag, token: Visitor.ExitToken?)] = []
    var scratch: [UInt8] = []
    var textStart = 0
    var textHasReference = false
    var preformattedDepth = 0
    var index = 0

    func emitText(upTo end: Int, into visitor: inout Visitor) -> Bool {
      defer { textHasReference = false }
      guard textStart < end else { return true }
      let text = UnsafeBufferPointer(rebasing: bytes[textStart..<end])
      guard textHasReference else {
        visitor.text(text)
        return true
      }
      scratch.removeAll(keepingCapacity: true)
      guard decodeReferences(text, into: &scratch) else { return false }
      scratch.withUnsafeBufferPointer { visitor.text($0) }
      return true
    }

    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "<") else {
        // The text up to the next `<`, skipped with `memchr` (not a byte at a time): only NUL,
        // a CR in <pre> (the parser turns CR and CRLF into LF, which only matters there) and
        // references (`&`) in it matter.
        let end = ByteScan.firstIndex(of: UInt8(ascii: "<"), in: bytes, index..<bytes.count) ?? bytes.count
        let run = index..<end
        if ByteScan.contains(0, in: bytes, run) { return false }
        if preformattedDepth > 0 && ByteScan.contains(0x0D, in: bytes, run) { return false }
        if !textHasReference && ByteScan.contains(UInt8(ascii: "&"), in: bytes, run) {
          textHasReference = true
        }
        index = run.upperBound
        continue
      }
      guard let token = readToken(bytes, at: index) else { return false }
      if case .text = token {
        index += 1  // `<` that starts no tag is text
        continue
      }
      guard emitText(upTo: index, into: &visitor) else { return false }
      switch token {
      case .text:
        break
      case .comment(let length):
        index += length
      case .endTag(let tag, let length):
        guard let last = open.last, last.tag == tag else { return false }
        open.removeLast()
        if tag == .pre { preformattedDepth -= 1 }
        if let token = last.token { visitor.exit(token) }
        index += length
      case .startTag(let tag, let attributes, let length):
        index += length
        guard startIsUnambiguous(tag, in: &open, visitor: &visitor) else { return false }
        let token = visitor.enter(Element(role: tag.role, attributes: attributes))
        if tag.isVoid {
          if let token { visitor.exit(token) }
        } else {
          open.append((tag, token))
        }
        if tag == .pre {
          preformattedDepth += 1
          // The parser drops a newline right after <pre>.
          if index < bytes.count && bytes[index] == 0x0A { index += 1 }
        }
      }
      textStart = index
    }
    guard emitText(upTo: bytes.count, into: &visitor) else { return false }
    while let last = open.popLast() {
      if let token = last.token { visitor.exit(token) }
    }
    return true
  }

  /// Whether the HTML5 parser would insert `tag` where it stands without closing anything,
  /// after closing an open `<p>` at the top level the way it would.
  private static func startIsUnambiguous<Visitor: HTMLVisitor>(
    _ tag: Tag, in open: inout [(tag: Tag, token: Visitor.ExitToken?)], visitor: inout Visitor
  ) -> Bool {
    if tag.closesParagraph {
      if tag == .p && open.count == 1 && open[0].tag == .p {
        if let token = open.removeLast().token { visitor.exit(token) }
      }
      if open.contains(where: { $0.tag == .p }) { return false }
    }
    switch tag {
    case .h1, .h2, .h3, .h4, .h5, .h6:
      if let last = open.last, last.tag.isHeading { return false }
    case .li:
      // <li> closes an open <li> unless a list or other block element comes first.
      for entry in open.reversed() {
        if entry.tag == .li { return false }
        if entry.tag.closesParagraph { break }
      }
    case .a:
      if open.contains(where: { $0.tag == .a }) { return false }
    default:
      break
    }
    return true
  }

  /// The elements of the subset.
  enum Tag: Int, CaseIterable {
    case p, br, b, i, em, strong, u, s, sub, sup, small, code, span, font, a, img, hr
    case h1, h2, h3, h4, h5, h6, ul, ol, li, blockquote, pre

    /// The role gumbo's tag of the same name has, so that both readers treat it alike.
    var role: ElementRole { Tag.roles[rawValue] }

    private static let roles = allCases.map { ElementRole.of(gumbo_tag_enum("\($0)")) }

    var isVoid: Bool { self == .br || self == .img || self == .hr }
    var isHeading: Bool { [.h1, .h2, .h3, .h4, .h5, .h6].contains(self) }

    /// Block elements whose start tag closes an open `<p>`.
    var closesParagraph: Bool {
      switch self {
      case .p, .hr, .h1, .h2, .h3, .h4, .h5, .h6, .ul, .ol, .li, .blockquote, .pre: true
      default: false
      }
    }

    /// Attributes the visitors read; others are skipped unread.
    var keptAttributes: [String] {
      switch self {
      case .a: ["href", "title"]
      case .img: ["src", "alt", "title"]
      case .ol: ["start"]
      default: []
      }
    }

    /// 1–26 for a letter in either case, 27–36 for a digit: names of up to ten characters pack
    /// into a `UInt64` key, six bits each, without collisions.
    static func nameCode(_ byte: UInt8) -> UInt64? {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt64(byte - UInt8(ascii: "a") + 1)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt64(byte - UInt8(ascii: "A") + 1)
      case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(byte - UInt8(ascii: "0") + 27)
      default: nil
      }
    }

    /// Tags by their name packed with `nameCode`.
    static let byKey: [UInt64: Tag] = {
      var table: [UInt64: Tag] = [:]
      for tag in allCases {
        table["\(tag)".utf8.reduce(0) { $0 << 6 | nameCode($1)! }] = tag
      }
      return table
    }()
  }

  struct Element: HTMLElement {
    let role: ElementRole
    let attributes: [(name: String, value: String)]

    func attribute(_ name: StaticString) -> String? {
      let name = name.description
      return attributes.first(where: { $0.name == name })?.value
    }
  }

  enum Token {
    /// A `<` that begins no markup.
    case text
    case comment(length: Int)
    case startTag(Tag, attributes: [(name: String, value: String)], length: Int)
    case endTag(Tag, length: Int)
  }
}
