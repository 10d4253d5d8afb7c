/// Collects readable text with all whitespace collapsed to single spaces; block edges and
/// line breaks become spaces so words on either side never run together.
struct PlainTextWriter: HTMLVisitor {
  typealias ExitToken = Bool  // whether the element separates words

  private(set) var out: [UInt8] = []
  private var pendingSpace = false
  /// Bytes after which text is no longer written (`isFull`); whole words are kept.
  private let budget: Int
  private(set) var isFull = false

  init(capacity: Int, budget: Int = .max) {
    out.reserveCapacity(capacity)
    self.budget = budget
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
      guard out.count < budget else {
        isFull = true
        return
      }
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
    truncateScalars(text, limit: limit) ?? truncateCharacters(text, limit: limit)
  }

  /// `truncate` for text whose first characters are each one scalar that never joins its
  /// neighbours (Latin, CJK ideographs, kana, common punctuation): there scalars are characters,
  /// and counting them skips the costly search for grapheme boundaries. nil for other text.
  static func truncateScalars(_ text: String, limit: Int) -> String? {
    guard limit > 0 else { return "" }
    let scalars = text.unicodeScalars
    var index = scalars.startIndex
    var count = 0
    var keepEnd = index
    var lastSpace: (index: String.Index, position: Int)?
    // Scalars 0...limit: the kept ones, the one at the cut, and one past it (a combining mark
    // there would join the character before).
    while count <= limit {
      guard index < scalars.endIndex else { return text }
      let scalar = scalars[index]
      guard standsAlone(scalar) else { return nil }
      if count == limit - 1 { keepEnd = index }
      if count < limit - 1, scalar == " " { lastSpace = (index, count) }
      scalars.formIndex(after: &index)
      count += 1
    }
    var cut = keepEnd
    if scalars[keepEnd] != " ", let lastSpace, lastSpace.position >= limit / 2 {
      cut = lastSpace.index
    }
    var head = scalars[..<cut]
    while let last = head.last, last == " " || last == "," || last == ";" || last == ":" {
      head = head.dropLast()
    }
    return String(head) + "…"
  }

  /// Whether the scalar is a character of its own whatever surrounds it (Grapheme_Cluster_Break
  /// Other or Control, never joined): below U+0300 but CR, CJK ideographs, kana letters,
  /// full-width ASCII, and the CJK and general punctuation most descriptions use.
  @inline(__always)
  private static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0D: return false
    case 0x00..<0x300, 0x4E00...0x9FFF, 0x3041...0x3096, 0x30A1...0x30FA, 0xFF01...0xFF5E,
      0x3001...0x3003, 0x3008...0x3011, 0x2010...0x2027:
      return true
    default: return false
    }
  }

  /// `truncate` for any text, counting grapheme clusters in one pass (they are costly to find).
  static func truncateCharacters(_ text: String, limit: Int) -> String {
    guard limit > 0 else { return "" }
    // The first `limit - 1` characters are kept at most, remembering the last space among them.
    var keepEnd = text.startIndex
    var count = 0
    var lastSpace: (index: String.Index, position: Int)?
    while count < limit - 1 {
      guard keepEnd < text.endIndex else { return text }
      if text[keepEnd] == " " { lastSpace = (keepEnd, count) }
      text.formIndex(after: &keepEnd)
      count += 1
    }
    // Text of at most `limit` characters is returned whole.
    guard keepEnd < text.endIndex, text.index(after: keepEnd) < text.endIndex else { return text }
    var cut = keepEnd
    if text[keepEnd] != " ", let lastSpace, lastSpace.position >= limit / 2 {
      cut = lastSpace.index
    }
    var head = text[..<cut]
    while let last = head.last, last == " " || ",;:".contains(last) { head = head.dropLast() }
    return head + "…"
  }
}
