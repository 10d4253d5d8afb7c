/// Collects readable text with all whitespace collapsed to single spaces; block edges and
/// line breaks become spaces so words on either side never run together.
struct PlainTextWriter: HTMLVisitor {
  typealias ExitToken = Bool  // whether the element separates words

  private(set) var out: [UInt8] = []
  private var pendingSpace = false

  init(capacity: Int) {
    out.reserveCapacity(capacity)
  }

  mutating func finish() -> String {
    String(decoding: out, as: UTF8.self)
  }

  mutating func enter(_ element: some HTMLElement) -> Bool? {
    switch element.role {
    case .drop, .image, .lineBreak, .rule:
      // A removed element (an image, frame or form control the reader would see between the
      // words, or a script) separates words like a line break; `<wbr>` is transparent.
      separate()
      return nil
    case .transparent, .inline, .link:
      return false
    case .boundary, .paragraph, .heading, .list, .listItem, .blockquote, .preformatted:
      separate()
      return true
    }
  }

  mutating func exit(_ separates: Bool) {
    if separates { separate() }
  }

  /// A word boundary: a space if anything follows.
  mutating func separate() {
    pendingSpace = true
  }

  mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) {
    var index = 0
    while index < bytes.count {
      let space = Self.spaceLength(bytes, at: index)
      if space > 0 {
        pendingSpace = true
        index += space
        continue
      }
      let start = index
      while index < bytes.count && Self.spaceLength(bytes, at: index) == 0 { index += 1 }
      if pendingSpace && !out.isEmpty { out.append(UInt8(ascii: " ")) }
      pendingSpace = false
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
    }
  }

  /// The length of the whitespace at `index`: HTML's ASCII whitespace, or a no-break space,
  /// which in one-line text is just a space.
  @inline(__always)
  private static func spaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let byte = bytes[index]
    if SanitizedHTMLWriter.isSpace(byte) { return 1 }
    return byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] == 0xA0 ? 2 : 0
  }

  /// Shortens `text` to at most `limit` characters, cutting at a word boundary when one is
  /// reasonably close and ending with "…"; text without spaces (CJK) is cut between characters.
  static func truncate(_ text: String, limit: Int) -> String {
    guard limit > 0 else { return "" }
    guard text.utf8.count > limit else { return text }
    // Most descriptions start with ASCII: there a byte is a character, and counting bytes is far
    // cheaper than walking grapheme clusters (the byte after the cut is checked too, since a
    // combining mark would join the character before it).
    let probe = text.utf8.prefix(limit + 1)
    guard probe.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return truncateCharacters(text, limit: limit) }
    let bytes = Array(probe)
    let space = UInt8(ascii: " ")
    var cut = limit - 1
    if bytes[cut] != space, let lastSpace = bytes[..<cut].lastIndex(of: space), lastSpace >= limit / 2 {
      cut = lastSpace
    }
    while cut > 0, [space, UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":")].contains(bytes[cut - 1]) {
      cut -= 1
    }
    return String(decoding: bytes[..<cut], as: UTF8.self) + "…"
  }

  /// `truncate` for any text, counting grapheme clusters.
  static func truncateCharacters(_ text: String, limit: Int) -> String {
    guard limit > 0 else { return "" }
    // Walk at most `limit` characters: counting a long text's grapheme clusters is slow.
    guard text.utf8.count > limit,
      let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex),
      end < text.endIndex
    else { return text }
    let keep = text[..<text.index(before: end)]
    var cut = keep.endIndex
    if text[cut] != " ", let space = keep.lastIndex(of: " "),
      keep.distance(from: keep.startIndex, to: space) >= limit / 2
    {
      cut = space
    }
    var head = keep[..<cut]
    while let last = head.last, last == " " || ",;:".contains(last) { head = head.dropLast() }
    return head + "…"
  }
}
