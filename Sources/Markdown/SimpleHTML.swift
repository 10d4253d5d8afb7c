/// A strict reader for the small subset of HTML most Google descriptions use, so they need not
/// go through gumbo (about ten times slower).
///
/// The subset: text; `<p>`, `<br>` (also `<br/>`), `b i em strong u s sub sup small span font`
/// start and end tags (attributes skipped), properly nested, `<p>` only at the top level; the
/// references `&amp; &lt; &gt; &quot; &apos; &nbsp;` and numeric ones for printable characters.
/// For such input the HTML5 tree is the obvious one; anything else (another or a misnested tag,
/// a comment, another reference) makes `walk` return false and the caller parses with gumbo.
/// A test compares both paths on generated input.
enum SimpleHTML {
  /// Feeds `bytes` to `visitor`; returns false, with the visitor partly fed, when the input is
  /// outside the subset.
  static func walk<Visitor: HTMLVisitor>(
    _ bytes: UnsafeBufferPointer<UInt8>, with visitor: inout Visitor
  ) -> Bool {
    var open: [(tag: Tag, token: Visitor.ExitToken?)] = []
    var scratch: [UInt8] = []
    var textStart = 0
    var textHasReference = false
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
      switch bytes[index] {
      case 0:
        return false
      case UInt8(ascii: "&"):
        textHasReference = true
        index += 1
      case UInt8(ascii: "<"):
        guard let tag = readTag(bytes, at: index) else { return false }
        guard let (name, isEnd, length) = tag.map({ ($0.tag, $0.isEnd, $0.length) }) else {
          index += 1  // `<` that starts no tag is text
          continue
        }
        guard emitText(upTo: index, into: &visitor) else { return false }
        index += length
        textStart = index
        if isEnd {
          guard let last = open.last, last.tag == name else { return false }
          open.removeLast()
          if let token = last.token { visitor.exit(token) }
        } else if name == .br {
          if let token = visitor.enter(Element(role: .lineBreak)) { visitor.exit(token) }
        } else {
          if name == .p {
            // A new <p> closes an open one; anywhere deeper the parser would restructure.
            if open.count == 1 && open[0].tag == .p, let token = open.removeLast().token {
              visitor.exit(token)
            }
            guard open.isEmpty else { return false }
          }
          open.append((name, visitor.enter(Element(role: name.role))))
        }
      default:
        index += 1
      }
    }
    guard emitText(upTo: bytes.count, into: &visitor) else { return false }
    while let last = open.popLast() {
      if let token = last.token { visitor.exit(token) }
    }
    return true
  }

  enum Tag: Equatable {
    case p, br, b, i, em, strong, u, s, sub, sup, small, span, font

    var role: ElementRole {
      switch self {
      case .p: .paragraph
      case .br: .lineBreak
      case .b: .inline(.b)
      case .i: .inline(.i)
      case .em: .inline(.em)
      case .strong: .inline(.strong)
      case .u: .inline(.u)
      case .s: .inline(.s)
      case .sub: .inline(.sub)
      case .sup: .inline(.sup)
      case .small: .inline(.small)
      case .span, .font: .transparent
      }
    }

    /// Tags by their lowercase name packed into an integer, one byte per letter.
    static let byKey: [UInt64: Tag] = {
      let names: [(String, Tag)] = [
        ("p", .p), ("br", .br), ("b", .b), ("i", .i), ("em", .em), ("strong", .strong), ("u", .u),
        ("s", .s), ("sub", .sub), ("sup", .sup), ("small", .small), ("span", .span), ("font", .font),
      ]
      var table: [UInt64: Tag] = [:]
      for (name, tag) in names {
        table[name.utf8.reduce(0) { $0 << 8 | UInt64($1) }] = tag
      }
      return table
    }()
  }

  struct Element: HTMLElement {
    let role: ElementRole
    func attribute(_ name: StaticString) -> String? { nil }
  }

  /// Reads the tag at `start` (a `<`): `.some(nil)` when the `<` is plain text, nil when it is
  /// markup outside the subset. Attributes are skipped: no element of the subset keeps any.
  private static func readTag(
    _ bytes: UnsafeBufferPointer<UInt8>, at start: Int
  ) -> (tag: Tag, isEnd: Bool, length: Int)?? {
    var index = start + 1
    guard index < bytes.count else { return .some(nil) }
    let isEnd = bytes[index] == UInt8(ascii: "/")
    if isEnd { index += 1 }
    guard index < bytes.count, isLetter(bytes[index]) else {
      // `<` followed by anything but a letter, `/`, `!` or `?` is text, as HTML tokenizes it.
      let next = index < bytes.count ? bytes[index] : 0
      return !isEnd && next != UInt8(ascii: "!") && next != UInt8(ascii: "?") && next != 0 ? .some(nil) : nil
    }
    var key: UInt64 = 0
    var nameLength = 0
    while index < bytes.count, !isNameEnd(bytes[index]) {
      guard nameLength < 8, isLetter(bytes[index]) || isDigit(bytes[index]) else { return nil }
      key = key << 8 | UInt64(bytes[index] | 0x20)
      nameLength += 1
      index += 1
    }
    guard let tag = Tag.byKey[key] else { return nil }
    while true {
      while index < bytes.count, SanitizedHTMLWriter.isSpace(bytes[index]) { index += 1 }
      guard index < bytes.count else { return nil }
      switch bytes[index] {
      case UInt8(ascii: ">"):
        return .some((tag, isEnd, index + 1 - start))
      case UInt8(ascii: "/"):
        // `<br/>`; on other elements HTML ignores the self-closing slash.
        guard !isEnd, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else { return nil }
        return .some((tag, isEnd, index + 2 - start))
      default:
        guard !isEnd, let next = skipAttribute(bytes, at: index) else { return nil }
        index = next
      }
    }
  }

  /// Where the attribute at `start` ends, or nil when it is anything unusual.
  private static func skipAttribute(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
    var index = start
    while index < bytes.count, !isNameEnd(bytes[index]), bytes[index] != UInt8(ascii: "=") {
      if isQuoteOrOddity(bytes[index]) { return nil }
      index += 1
    }
    guard index > start else { return nil }
    while index < bytes.count, SanitizedHTMLWriter.isSpace(bytes[index]) { index += 1 }
    guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return index }
    index += 1
    while index < bytes.count, SanitizedHTMLWriter.isSpace(bytes[index]) { index += 1 }
    guard index < bytes.count else { return nil }
    let quote = bytes[index]
    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
      guard let close = bytes[(index + 1)...].firstIndex(of: quote) else { return nil }
      return close + 1
    }
    let valueStart = index
    while index < bytes.count, !isNameEnd(bytes[index]) || bytes[index] == UInt8(ascii: "/") {
      if isQuoteOrOddity(bytes[index]) || bytes[index] == UInt8(ascii: "=") { return nil }
      index += 1
    }
    return index > valueStart ? index : nil
  }

  /// Whitespace, `/` or `>`: where a tag or attribute name ends.
  private static func isNameEnd(_ byte: UInt8) -> Bool {
    SanitizedHTMLWriter.isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
  }

  /// Characters the HTML tokenizer treats specially inside names and unquoted values.
  private static func isQuoteOrOddity(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "<")
      || byte == UInt8(ascii: "`") || byte == 0
  }

  /// Appends `text` with its character references decoded; false for a reference outside the
  /// subset (legacy ones without `;`, rare names, control characters).
  private static func decodeReferences(_ text: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) -> Bool {
    var index = 0
    while index < text.count {
      let byte = text[index]
      guard byte == UInt8(ascii: "&") else {
        out.append(byte)
        index += 1
        continue
      }
      guard let semicolon = text[(index + 1)...].prefix(10).firstIndex(of: UInt8(ascii: ";")) else {
        // `&` not followed by a name or number is a plain ampersand.
        if index + 1 < text.count,
          isLetter(text[index + 1]) || isDigit(text[index + 1]) || text[index + 1] == UInt8(ascii: "#")
        {
          return false
        }
        out.append(byte)
        index += 1
        continue
      }
      let name = text[(index + 1)..<semicolon]
      guard let scalar = referencedScalar(name) else {
        if let first = name.first, isLetter(first) || isDigit(first) || first == UInt8(ascii: "#") {
          return false
        }
        out.append(byte)
        index += 1
        continue
      }
      out.append(contentsOf: String(Character(scalar)).utf8)
      index = semicolon + 1
    }
    return true
  }

  private static func referencedScalar(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> Unicode.Scalar? {
    switch String(decoding: name, as: UTF8.self) {
    case "amp": return "&"
    case "lt": return "<"
    case "gt": return ">"
    case "quot": return "\""
    case "apos": return "'"
    case "nbsp": return "\u{A0}"
    default: break
    }
    guard name.first == UInt8(ascii: "#"), name.count >= 2, name.count <= 8 else { return nil }
    var digits = name.dropFirst()
    var radix: UInt32 = 10
    if digits.first == UInt8(ascii: "x") || digits.first == UInt8(ascii: "X") {
      radix = 16
      digits = digits.dropFirst()
    }
    let isHex = radix == 16
    guard !digits.isEmpty,
      digits.allSatisfy({
        isDigit($0) || (isHex && ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "f"))
      }),
      let value = UInt32(String(decoding: digits, as: UTF8.self), radix: Int(radix)),
      value >= 0x20, value != 0x7F, !(0x80...0x9F).contains(value)
    else { return nil }
    return Unicode.Scalar(value)  // nil for surrogates and beyond U+10FFFF
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
