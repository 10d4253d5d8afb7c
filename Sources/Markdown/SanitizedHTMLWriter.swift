import Support

/// Streams an allow-listed, well-formed HTML fragment out of a parse tree (or plain text).
///
/// Nesting is tracked as a stack of frames whose open tags are written lazily, when the first
/// visible content arrives inside them: so empty paragraphs, empty formatting and leading or
/// trailing `<br>`s vanish without a second pass. Inline content directly in a flow container
/// is wrapped in an automatic `<p>`, and two or more `<br>` in a row split a paragraph.
struct SanitizedHTMLWriter: HTMLVisitor {
  /// What a frame's children may be.
  enum Context {
    /// Blocks; inline content is wrapped in `<p>` when `autoParagraph`, else written in place.
    case flow(autoParagraph: Bool)
    /// Inline content only; block elements become line breaks.
    case phrasing
    /// Inline content with whitespace kept verbatim.
    case preformatted
    /// `<li>` only; anything else is wrapped in an automatic `<li>`.
    case list
  }

  enum FrameKind {
    case root
    case paragraph(automatic: Bool)
    case heading(level: Int)
    case list(ordered: Bool, start: String?)
    case listItem(automatic: Bool)
    case blockquote
    case preformatted
    case inline(InlineTag)
    case link(href: String, title: String?)
  }

  struct Frame {
    var kind: FrameKind
    var context: Context

    var isBlock: Bool {
      switch kind {
      case .inline, .link: false
      default: true
      }
    }
  }

  enum ExitToken {
    case none
    case pop(toDepth: Int)
    case closeAutomaticParagraph
    case lineBreak
  }

  let policy: SanitizerPolicy
  private(set) var out: [UInt8] = []
  private var frames = [Frame(kind: .root, context: .flow(autoParagraph: true))]
  /// Frames `0..<writtenCount` have had their open tag written; the rest are pending.
  private var writtenCount = 1
  private var pendingSpace = false
  private var pendingBreaks = 0
  /// True at the start of a block or right after a `<br>`, where spaces and breaks are dropped.
  private var atLineStart = true

  init(policy: SanitizerPolicy, capacity: Int) {
    self.policy = policy
    out.reserveCapacity(capacity)
  }

  /// Closes every open element and returns the fragment.
  mutating func finish() -> String {
    String(decoding: finishUTF8(), as: UTF8.self)
  }

  /// `finish()`'s fragment as UTF-8 bytes, valid as they are: the writer copies its input's
  /// bytes (a `String`'s, or the parser's) in whole characters, around ASCII markup of its own.
  mutating func finishUTF8() -> [UInt8] {
    pop(toDepth: 1)
    return out
  }

  private var context: Context { frames[frames.count - 1].context }

  // MARK: Visitor

  mutating func enter(_ element: some HTMLElement) -> ExitToken? {
    switch element.role {
    case .drop:
      return nil
    case .transparent:
      return ExitToken.none
    case .boundary:
      return boundary()
    case .lineBreak:
      lineBreak()
      return nil
    case .paragraph:
      return openBlock(.paragraph(automatic: false))
    case .heading(let level):
      return openBlock(.heading(level: level))
    case .list(let ordered):
      return openBlock(.list(ordered: ordered, start: Self.digits(element.attribute("start"))))
    case .listItem:
      if case .listItem(automatic: true) = frames[frames.count - 1].kind { pop(toDepth: frames.count - 1) }
      guard case .list = context else { return openBlock(.paragraph(automatic: false)) }
      return push(.listItem(automatic: false))
    case .blockquote:
      return openBlock(.blockquote)
    case .preformatted:
      return openBlock(.preformatted)
    case .inline(let tag):
      return openInline(.inline(tag))
    case .link:
      let relative = policy.allowsRelativeURLs
      guard let href = URLFilter.clean(element.attribute("href"), image: false, relative: relative) else {
        return ExitToken.none
      }
      let title = policy.keepsImagesAndRules ? element.attribute("title") : nil
      return openInline(.link(href: href, title: title))
    case .rule:
      guard policy.keepsImagesAndRules else { return boundary() }
      if prepareForBlock() {
        flushBeforeContent(isBlock: true)
        if frames.count == 1 && !out.isEmpty { out.append(UInt8(ascii: "\n")) }
        out.append(contentsOf: "<hr>".utf8)
        atLineStart = true
      } else {
        pendingBreaks = max(pendingBreaks, 1)
      }
      return nil
    case .image:
      guard policy.keepsImagesAndRules,
        let src = URLFilter.clean(element.attribute("src"), image: true, relative: policy.allowsRelativeURLs)
      else { return nil }
      prepareForInline()
      flushBeforeContent()
      out.append(contentsOf: "<img src=\"".utf8)
      MarkupEscaping.append(src, to: &out, .htmlAttribute)
      out.append(contentsOf: "\" alt=\"".utf8)
      MarkupEscaping.append(element.attribute("alt") ?? "", to: &out, .htmlAttribute)
      if let title = element.attribute("title") {
        out.append(contentsOf: "\" title=\"".utf8)
        MarkupEscaping.append(title, to: &out, .htmlAttribute)
      }
      out.append(contentsOf: "\">".utf8)
      atLineStart = false
      return nil
    }
  }

  mutating func exit(_ token: ExitToken) {
    switch token {
    case .none:
      break
    case .pop(let depth):
      pop(toDepth: depth)
    case .closeAutomaticParagraph:
      closeAutomaticParagraph()
    case .lineBreak:
      pendingBreaks = max(pendingBreaks, 1)
    }
  }

  mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) {
    if case .preformatted = context {
      guard !bytes.isEmpty else { return }
      flushBeforeContent()
      MarkupEscaping.append(bytes, to: &out, .htmlText)
      atLineStart = false
      return
    }
    guard let firstVisible = bytes.firstIndex(where: { !Self.isSpace($0) }) else {
      switch context {
      case .flow(autoParagraph: true), .list: break  // between blocks
      default: if !bytes.isEmpty { pendingSpace = true }
      }
      return
    }
    prepareForInline()
    if firstVisible > 0 { pendingSpace = true }
    var end = bytes.count
    while Self.isSpace(bytes[end - 1]) { end -= 1 }
    flushBeforeContent()
    atLineStart = false
    // Once the first word is out, the words are joined by one space whatever ran between
    // them: so a stretch of words with single spaces between is escaped whole, in place.
    var start = firstVisible
    var index = firstVisible
    while index < end {
      // Most bytes are above the space: one compare.
      guard bytes[index] <= 0x20, Self.isSpace(bytes[index]) else {
        index += 1
        continue
      }
      // `end` is after a word, so a space before it is followed by a byte.
      if bytes[index] == 0x20 && !Self.isSpace(bytes[index + 1]) {
        index += 1
        continue
      }
      MarkupEscaping.append(UnsafeBufferPointer(rebasing: bytes[start..<index]), to: &out, .htmlText)
      out.append(UInt8(ascii: " "))
      while Self.isSpace(bytes[index]) { index += 1 }
      start = index
    }
    MarkupEscaping.append(UnsafeBufferPointer(rebasing: bytes[start..<end]), to: &out, .htmlText)
    if end < bytes.count { pendingSpace = true }
  }

  /// A `<br>`, or a newline in plain text.
  mutating func lineBreak() {
    switch context {
    case .preformatted:
      flushBeforeContent()
      out.append(contentsOf: "<br>".utf8)
    case .list, .flow(autoParagraph: true):
      break  // before any paragraph has started: a leading break
    case .flow(autoParagraph: false), .phrasing:
      pendingBreaks += 1
    }
  }

  // MARK: Structure

  private mutating func boundary() -> ExitToken {
    if closeAutomaticParagraph() { return .closeAutomaticParagraph }
    switch context {
    case .flow(autoParagraph: true): return .closeAutomaticParagraph
    case .flow(autoParagraph: false), .phrasing:
      pendingBreaks = max(pendingBreaks, 1)
      return .lineBreak
    case .list, .preformatted: return ExitToken.none
    }
  }

  private mutating func openBlock(_ kind: FrameKind) -> ExitToken {
    guard prepareForBlock() else {
      // A block inside inline content (`<b><p>…</p></b>`): keep its children on their own line.
      pendingBreaks = max(pendingBreaks, 1)
      return .lineBreak
    }
    return push(kind)
  }

  private mutating func openInline(_ kind: FrameKind) -> ExitToken {
    prepareForInline()
    return push(kind)
  }

  private mutating func push(_ kind: FrameKind) -> ExitToken {
    let childContext: Context
    switch kind {
    case .root, .blockquote: childContext = .flow(autoParagraph: true)
    case .paragraph, .heading: childContext = .phrasing
    case .list: childContext = .list
    case .listItem: childContext = .flow(autoParagraph: false)
    case .preformatted: childContext = .preformatted
    case .inline, .link:
      if case .preformatted = context { childContext = .preformatted } else { childContext = .phrasing }
    }
    frames.append(Frame(kind: kind, context: childContext))
    return .pop(toDepth: frames.count - 1)
  }

  /// Makes the top frame accept a block; false inside inline content.
  private mutating func prepareForBlock() -> Bool {
    closeAutomaticParagraph()
    switch context {
    case .flow: return true
    case .list:
      _ = push(.listItem(automatic: true))
      return true
    case .phrasing, .preformatted: return false
    }
  }

  /// Makes the top frame accept inline content, opening an automatic `<p>` or `<li>` as needed.
  private mutating func prepareForInline() {
    while true {
      switch context {
      case .flow(autoParagraph: true): _ = push(.paragraph(automatic: true))
      case .list: _ = push(.listItem(automatic: true))
      default: return
      }
    }
  }

  @discardableResult
  private mutating func closeAutomaticParagraph() -> Bool {
    guard case .paragraph(automatic: true) = frames[frames.count - 1].kind else { return false }
    pop(toDepth: frames.count - 1)
    return true
  }

  private mutating func pop(toDepth depth: Int) {
    while frames.count > depth {
      let frame = frames.removeLast()
      guard writtenCount > frames.count else { continue }
      writtenCount = frames.count
      writeClose(frame.kind)
      if frame.isBlock {
        // Trailing spaces and breaks of a block are dropped.
        pendingSpace = false
        pendingBreaks = 0
        atLineStart = true
      }
    }
  }

  /// Writes what is pending before visible content: breaks (or a paragraph split), the open
  /// tags of pending frames, and a collapsed space.
  private mutating func flushBeforeContent(isBlock: Bool = false) {
    if pendingBreaks > 0 {
      if !atLineStart && !isBlock {
        let innermost = writtenCount - 1
        if case .paragraph = frames[innermost].kind, pendingBreaks >= 2 {
          writeClose(frames[innermost].kind)
          writtenCount = innermost
        } else {
          for _ in 0..<min(pendingBreaks, 2) { out.append(contentsOf: "<br>".utf8) }
        }
        atLineStart = true
      }
      pendingBreaks = 0
    }
    while writtenCount < frames.count {
      if frames[writtenCount].isBlock {
        pendingSpace = false
        if writtenCount == 1 && !out.isEmpty { out.append(UInt8(ascii: "\n")) }
        atLineStart = true
      } else if pendingSpace && !atLineStart {
        out.append(UInt8(ascii: " "))
        pendingSpace = false
      }
      writeOpen(frames[writtenCount].kind)
      writtenCount += 1
    }
    if pendingSpace && !atLineStart && !isBlock { out.append(UInt8(ascii: " ")) }
    pendingSpace = false
  }

  private mutating func writeOpen(_ kind: FrameKind) {
    switch kind {
    case .root: break
    case .paragraph: out.append(contentsOf: "<p>".utf8)
    case .heading(let level):
      if policy.keepsHeadings {
        appendTag("h\(level)", closing: false)
      } else {
        out.append(contentsOf: "<p><strong>".utf8)
      }
    case .list(let ordered, let start):
      out.append(contentsOf: ordered ? "<ol".utf8 : "<ul".utf8)
      if ordered, let start {
        out.append(contentsOf: " start=\"".utf8)
        out.append(contentsOf: start.utf8)
        out.append(UInt8(ascii: "\""))
      }
      out.append(UInt8(ascii: ">"))
    case .listItem: out.append(contentsOf: "<li>".utf8)
    case .blockquote: out.append(contentsOf: "<blockquote>".utf8)
    case .preformatted: out.append(contentsOf: "<pre>".utf8)
    case .inline(let tag):
      appendTag(tag.rawValue, closing: false)
    case .link(let href, let title):
      out.append(contentsOf: "<a href=\"".utf8)
      MarkupEscaping.append(href, to: &out, .htmlAttribute)
      if let title {
        out.append(contentsOf: "\" title=\"".utf8)
        MarkupEscaping.append(title, to: &out, .htmlAttribute)
      }
      if let rel = policy.linkRel {
        out.append(contentsOf: "\" rel=\"".utf8)
        out.append(contentsOf: rel.utf8)
      }
      out.append(contentsOf: "\">".utf8)
    }
  }

  private mutating func writeClose(_ kind: FrameKind) {
    switch kind {
    case .root: break
    case .paragraph: out.append(contentsOf: "</p>".utf8)
    case .heading(let level):
      if policy.keepsHeadings {
        appendTag("h\(level)", closing: true)
      } else {
        out.append(contentsOf: "</strong></p>".utf8)
      }
    case .list(let ordered, _): out.append(contentsOf: ordered ? "</ol>".utf8 : "</ul>".utf8)
    case .listItem: out.append(contentsOf: "</li>".utf8)
    case .blockquote: out.append(contentsOf: "</blockquote>".utf8)
    case .preformatted: out.append(contentsOf: "</pre>".utf8)
    case .inline(let tag):
      appendTag(tag.rawValue, closing: true)
    case .link: out.append(contentsOf: "</a>".utf8)
    }
  }

  private mutating func appendTag(_ name: String, closing: Bool) {
    out.append(contentsOf: closing ? "</".utf8 : "<".utf8)
    out.append(contentsOf: name.utf8)
    out.append(UInt8(ascii: ">"))
  }

  /// HTML's ASCII whitespace: space, tab, LF, FF, CR.
  @inline(__always)
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0C || byte == 0x0D
  }

  /// `value` if it is a plain non-negative number of at most 9 digits, for `<ol start>`.
  private static func digits(_ value: String?) -> String? {
    guard let value, !value.isEmpty, value.utf8.count <= 9,
      value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return nil }
    return value
  }
}
