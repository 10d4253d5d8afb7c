/// One piece of template source: a run of text (ending at a newline at the latest) or a tag.
struct Token {
  enum Kind: Equatable {
    case text
    case variable
    case raw
    case section
    case inverted
    case close
    case comment
    case partial
    case parent
    case block
    case delimiters
  }

  var kind: Kind
  /// Byte range in the source, delimiters included.
  var start: Int
  var end: Int
  /// The trimmed name; `*name` for dynamic names.
  var name: String = ""
  /// Set by the standalone pass: the tag's line held only whitespace and non-output tags.
  var standalone = false
  /// The whitespace before the first tag of a standalone line.
  var indent: Range<Int> = 0..<0
  /// The last tag on a standalone line.
  var lastOnLine = false
  /// Whitespace text removed with its standalone line.
  var removed = false

  var isText: Bool { kind == .text }
}

/// Splits source bytes into tokens, applying set-delimiter tags as it goes.
struct Lexer {
  let text: SourceText
  private var open: [UInt8] = Array("{{".utf8)
  private var close: [UInt8] = Array("}}".utf8)

  init(text: SourceText) {
    self.text = text
  }

  private var bytes: [UInt8] { text.bytes }

  mutating func tokenize() throws(MustacheError) -> [Token] {
    var tokens: [Token] = []
    let count = bytes.count
    var textStart = 0
    var index = 0
    while index < count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") {
        tokens.append(Token(kind: .text, start: textStart, end: index + 1))
        index += 1
        textStart = index
      } else if byte == open[0], matches(open, at: index) {
        if textStart < index { tokens.append(Token(kind: .text, start: textStart, end: index)) }
        let tag = try readTag(at: index)
        tokens.append(tag)
        index = tag.end
        textStart = index
      } else {
        index += 1
      }
    }
    if textStart < count { tokens.append(Token(kind: .text, start: textStart, end: count)) }
    return tokens
  }

  private func matches(_ pattern: [UInt8], at index: Int) -> Bool {
    bytes[index...].starts(with: pattern)
  }

  private func find(_ pattern: [UInt8], from index: Int) -> Int? {
    var position = index
    while position + pattern.count <= bytes.count {
      if bytes[position] == pattern[0], matches(pattern, at: position) { return position }
      position += 1
    }
    return nil
  }

  private mutating func readTag(at start: Int) throws(MustacheError) -> Token {
    let contentStart = start + open.count
    let sigil = contentStart < bytes.count ? bytes[contentStart] : 0
    let kind: Token.Kind
    var terminator = close
    switch sigil {
    case UInt8(ascii: "{"):
      kind = .raw
      terminator = [UInt8(ascii: "}")] + close
    case UInt8(ascii: "&"): kind = .raw
    case UInt8(ascii: "#"): kind = .section
    case UInt8(ascii: "^"): kind = .inverted
    case UInt8(ascii: "/"): kind = .close
    case UInt8(ascii: "!"): kind = .comment
    case UInt8(ascii: ">"): kind = .partial
    case UInt8(ascii: "<"): kind = .parent
    case UInt8(ascii: "$"): kind = .block
    case UInt8(ascii: "="):
      kind = .delimiters
      terminator = [UInt8(ascii: "=")] + close
    default: kind = .variable
    }
    let nameStart = kind == .variable ? contentStart : contentStart + 1
    guard let nameEnd = find(terminator, from: nameStart) else {
      let shownOpen =
        String(decoding: open, as: UTF8.self) + (kind == .raw && sigil == UInt8(ascii: "{") ? "{" : "")
      throw text.error(
        .unclosedTag(open: shownOpen, close: String(decoding: terminator, as: UTF8.self)), at: start)
    }
    var token = Token(kind: kind, start: start, end: nameEnd + terminator.count)
    let content = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
    switch kind {
    case .comment:
      return token
    case .delimiters:
      try setDelimiters(content, at: start)
      return token
    default:
      token.name = try validName(content, kind: kind, at: start)
      return token
    }
  }

  private func validName(_ content: String, kind: Token.Kind, at start: Int) throws(MustacheError) -> String {
    var name = trimmed(content)
    if kind == .partial || kind == .parent || kind == .close, name.hasPrefix("*") {
      name = "*" + trimmed(String(name.dropFirst()))
    }
    if name.isEmpty || name == "*" { throw text.error(.emptyTag, at: start) }
    if name.contains(where: \.isNewline) {
      // A newline inside a name almost always means the closing delimiter was forgotten.
      let shown = String(decoding: open, as: UTF8.self)
      throw text.error(
        .unclosedTag(open: shown, close: String(decoding: close, as: UTF8.self)), at: start)
    }
    let dotted = name.hasPrefix("*") ? String(name.dropFirst()) : name
    let partOK =
      dotted == "." || !dotted.split(separator: ".", omittingEmptySubsequences: false).contains { $0.isEmpty }
    let isFileName = kind == .partial || kind == .parent
    if name.contains(where: \.isWhitespace) || (!partOK && !isFileName) {
      throw text.error(.invalidTagName(name), at: start)
    }
    return name
  }

  private mutating func setDelimiters(_ content: String, at start: Int) throws(MustacheError) {
    let parts = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
    guard parts.count == 2, !parts.contains(where: { $0.contains("=") || $0.contains(where: \.isNewline) })
    else { throw text.error(.badSetDelimiter(trimmed(content)), at: start) }
    open = Array(parts[0].utf8)
    close = Array(parts[1].utf8)
  }

  private func trimmed(_ string: String) -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
    guard let first = string.firstIndex(where: { !isSpace($0) }) else { return "" }
    let last = string.lastIndex(where: { !isSpace($0) })!
    return String(string[first...last])
  }
}
