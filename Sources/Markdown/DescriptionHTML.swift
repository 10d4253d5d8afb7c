/// Renders Google Books descriptions, which arrive as plain text or as (often broken) HTML.
public enum DescriptionHTML {
  /// Returns a safe HTML fragment keeping the description's paragraphs, line breaks and harmless
  /// formatting.
  ///
  /// Plain text (no tags) becomes paragraphs split on blank lines, with single newlines as
  /// `<br>`; HTML goes through `HTMLSanitizer`. Text with neither `<` nor `&` never reaches the
  /// HTML parser.
  public static func render(_ description: String) -> String {
    String(decoding: renderUTF8(description), as: UTF8.self)
  }

  /// `render`'s fragment as its UTF-8 bytes, valid as they are (the description's own bytes are
  /// copied in whole characters): for a page, which copies them into its output, where making a
  /// `String` of them validated every byte again.
  public static func renderUTF8(_ description: String) -> [UInt8] {
    var description = description
    return description.withUTF8 { bytes in
      switch Shape.of(bytes) {
      case .plain:
        var writer = SanitizedHTMLWriter(policy: .description, capacity: bytes.count + 32)
        forEachLine(of: bytes) { line, isLast in
          writer.text(line)
          if !isLast { writer.lineBreak() }
        }
        return writer.finishUTF8()
      case .plainWithReferences:
        return HTMLSanitizer.sanitizeUTF8(newlinesAsBreaks(bytes), policy: .description)
      case .html:
        return HTMLSanitizer.sanitizeUTF8(String(decoding: bytes, as: UTF8.self), policy: .description)
      }
    }
  }

  /// Returns the description's text on one line: tags removed, entities decoded, line breaks and
  /// paragraph edges turned into single spaces; for meta descriptions, feeds and search indexes.
  ///
  /// With `limit`, the text is cut to at most that many characters at a word boundary and ends
  /// with "…".
  public static func plainText(_ description: String, limit: Int? = nil) -> String {
    guard let limit else { return convert(description, budget: .max).text }
    // Only the start of a long description is written: enough for the cut when its characters
    // take at most 4 bytes (all of Latin, CJK and emoji but those built of several scalars).
    // A cut of that start is the full text's cut whenever it really cut; when the start was too
    // short (characters with combining marks), the whole text is converted. The markup after
    // the start is still read (`SimpleHTML.walk` must see all of it to know gumbo is not
    // needed), but by `memchr` from tag to tag, and nothing is written.
    let start = convert(description, budget: 4 * (max(0, limit) + 2))
    let cut = PlainTextWriter.truncate(start.text, limit: limit)
    guard !start.complete && cut.utf8.count == start.text.utf8.count else { return cut }
    return PlainTextWriter.truncate(convert(description, budget: .max).text, limit: limit)
  }

  /// The description's text for a search index: its words, and the start of its plain text
  /// (`characters` characters at least, when it has them), both whole when it has markup.
  /// Without markup its words are the description's own (only whitespace differs): they need
  /// no conversion, and only the start is converted.
  public static func searchText(_ description: String, characters: Int) -> (words: String, start: String) {
    var description = description
    guard description.withUTF8({ Shape.of($0) }) == .plain else {
      let text = convert(description, budget: .max).text
      return (text, text)
    }
    return (description, convert(description, budget: 4 * (characters + 1)).text)
  }

  /// The description's plain text, or its start once `budget` bytes are written (`complete`
  /// false): the markup is still read to the end, so the start is exactly the full text's.
  private static func convert(_ description: String, budget: Int) -> (text: String, complete: Bool) {
    var description = description
    return description.withUTF8 { bytes in
      var writer = PlainTextWriter(capacity: min(bytes.count, budget), budget: budget)
      if Shape.of(bytes) == .plain {
        writer.text(bytes)
      } else if !SimpleHTML.walk(bytes, with: &writer) {
        writer = PlainTextWriter(capacity: min(bytes.count, budget), budget: budget)
        GumboTree.walk(bytes, with: &writer)
      }
      return (writer.finish(), !writer.isFull)
    }
  }

  /// What a description is, decided by one scan of its bytes.
  enum Shape: Equatable {
    /// No tags and no character references: handled without the HTML parser.
    case plain
    /// No tags, but `&` (or NUL) that the HTML parser must decode.
    case plainWithReferences
    case html

    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> Shape {
      // By `memchr`, from `<` to `<`: most descriptions are long runs of text.
      var index = 0
      while let less = ByteScan.firstIndex(of: UInt8(ascii: "<"), in: bytes, index..<bytes.count) {
        if less + 1 < bytes.count && startsTag(bytes[less + 1]) { return .html }
        index = less + 1
      }
      let all = 0..<bytes.count
      return ByteScan.contains(UInt8(ascii: "&"), in: bytes, all) || ByteScan.contains(0, in: bytes, all)
        ? .plainWithReferences : .plain
    }

    /// Whether `<` followed by `byte` opens a tag, comment or end tag, as HTML tokenizes it.
    private static func startsTag(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "/"), UInt8(ascii: "!"), UInt8(ascii: "?"):
        true
      default:
        false
      }
    }
  }

  /// Calls `body` with each line (without its CR, LF or CRLF) and whether it is the last.
  private static func forEachLine(
    of bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, Bool) -> Void
  ) {
    var start = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == 0x0A || byte == 0x0D else {
        index += 1
        continue
      }
      body(UnsafeBufferPointer(rebasing: bytes[start..<index]), false)
      index += byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
      start = index
    }
    body(UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]), true)
  }

  /// Plain text as HTML whose `<br>`s stand for its newlines, so the parser only decodes entities.
  private static func newlinesAsBreaks(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    var html: [UInt8] = []
    html.reserveCapacity(bytes.count + 64)
    forEachLine(of: bytes) { line, isLast in
      html.append(contentsOf: line)
      if !isLast { html.append(contentsOf: "<br>".utf8) }
    }
    return String(decoding: html, as: UTF8.self)
  }
}
