extension SimpleHTML {
  /// Reads the markup at `start` (a `<`); nil when it is outside the subset.
  static func readToken(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Token? {
    var index = start + 1
    guard index < bytes.count else { return .text }
    switch bytes[index] {
    case UInt8(ascii: "!"):
      return readComment(bytes, at: start)
    case UInt8(ascii: "/"):
      index += 1
      guard index < bytes.count, isLetter(bytes[index]) else { return nil }
    case let byte where isLetter(byte):
      break
    case UInt8(ascii: "?"):
      return nil
    default:
      return .text  // `<` followed by anything but a letter, `/`, `!` or `?` is text
    }
    let isEnd = index == start + 2
    var key: UInt64 = 0
    var nameLength = 0
    while index < bytes.count, !isNameEnd(bytes[index]) {
      guard nameLength < 10, let code = Tag.nameCode(bytes[index]) else { return nil }
      key = key << 6 | code
      nameLength += 1
      index += 1
    }
    guard let tag = Tag.byKey[key] else { return nil }
    let kept = tag.keptAttributes
    var attributes: [(name: String, value: String)] = []
    while true {
      while index < bytes.count, SanitizedHTMLWriter.isSpace(bytes[index]) { index += 1 }
      guard index < bytes.count else { return nil }
      switch bytes[index] {
      case UInt8(ascii: ">"):
        let length = index + 1 - start
        return isEnd ? .endTag(tag, length: length) : .startTag(tag, attributes: attributes, length: length)
      case UInt8(ascii: "/"):
        // `<br/>`, `<img … />`; on other elements HTML ignores the self-closing slash.
        guard !isEnd, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else { return nil }
        return .startTag(tag, attributes: attributes, length: index + 2 - start)
      default:
        guard !isEnd, let attribute = readAttribute(bytes, at: index) else { return nil }
        index = attribute.end
        guard !kept.isEmpty else { continue }
        let name = String(decoding: bytes[attribute.name], as: UTF8.self).lowercased()
        // The first of duplicate attributes wins, as in HTML.
        guard kept.contains(name), !attributes.contains(where: { $0.name == name }) else { continue }
        guard let value = decodedValue(bytes, attribute.value) else { return nil }
        attributes.append((name, value))
      }
    }
  }

  /// Reads `<!-- … -->` whose text holds none of `- < > !`, which every HTML tokenizer agrees on;
  /// nil for anything else (doctypes, CDATA, odd comments).
  private static func readComment(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Token? {
    guard start + 4 <= bytes.count, bytes[start + 2] == UInt8(ascii: "-"),
      bytes[start + 3] == UInt8(ascii: "-")
    else { return nil }
    var index = start + 4
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "-"):
        guard index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "-"),
          bytes[index + 2] == UInt8(ascii: ">")
        else { return nil }
        return .comment(length: index + 3 - start)
      case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "!"), 0:
        return nil
      default:
        index += 1
      }
    }
    return nil
  }

  /// The attribute at `start`: its name, its value (empty for a bare name) and where it ends;
  /// nil when it is anything unusual.
  private static func readAttribute(
    _ bytes: UnsafeBufferPointer<UInt8>, at start: Int
  ) -> (name: Range<Int>, value: Range<Int>, end: Int)? {
    var index = start
    while index < bytes.count, !isNameEnd(bytes[index]), bytes[index] != UInt8(ascii: "=") {
      if isQuoteOrOddity(bytes[index]) { return nil }
      index += 1
    }
    guard index > start else { return nil }
    let name = start..<index
    while index < bytes.count, SanitizedHTMLWriter.isSpace(bytes[index]) { index += 1 }
    guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return (name, index..<index, index) }
    index += 1
    while index < bytes.count, SanitizedHTMLWriter.isSpace(bytes[index]) { index += 1 }
    guard index < bytes.count else { return nil }
    let quote = bytes[index]
    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
      // NUL and CR are rewritten by the parser (U+FFFD, LF); leave such values to it.
      guard let close = bytes[(index + 1)...].firstIndex(of: quote),
        !bytes[(index + 1)..<close].contains(where: { $0 == 0 || $0 == 0x0D })
      else { return nil }
      return (name, (index + 1)..<close, close + 1)
    }
    let valueStart = index
    while index < bytes.count, !isNameEnd(bytes[index]) || bytes[index] == UInt8(ascii: "/") {
      if isQuoteOrOddity(bytes[index]) || bytes[index] == UInt8(ascii: "=") { return nil }
      index += 1
    }
    return index > valueStart ? (name, valueStart..<index, index) : nil
  }

  /// An attribute value with its references decoded; nil when one is outside the subset.
  private static func decodedValue(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
    let value = UnsafeBufferPointer(rebasing: bytes[range])
    guard value.contains(UInt8(ascii: "&")) else { return String(decoding: value, as: UTF8.self) }
    var decoded: [UInt8] = []
    guard decodeReferences(value, into: &decoded) else { return nil }
    return String(decoding: decoded, as: UTF8.self)
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
  static func decodeReferences(_ text: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) -> Bool {
    var index = 0
    while index < text.count {
      let byte = text[index]
      guard byte == UInt8(ascii: "&") else {
        out.append(byte)
        index += 1
        continue
      }
      if let semicolon = text[(index + 1)...].prefix(10).firstIndex(of: UInt8(ascii: ";")),
        let scalar = referencedScalar(text[(index + 1)..<semicolon])
      {
        out.append(contentsOf: String(Character(scalar)).utf8)
        index = semicolon + 1
        continue
      }
      // An `&` before no name or number is plain; before one, a reference outside the subset.
      if index + 1 < text.count,
        isLetter(text[index + 1]) || isDigit(text[index + 1]) || text[index + 1] == UInt8(ascii: "#")
      {
        return false
      }
      out.append(byte)
      index += 1
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
    let isHex = digits.first == UInt8(ascii: "x") || digits.first == UInt8(ascii: "X")
    if isHex { digits = digits.dropFirst() }
    guard !digits.isEmpty,
      digits.allSatisfy({
        isDigit($0) || (isHex && ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "f"))
      }),
      let value = UInt32(String(decoding: digits, as: UTF8.self), radix: isHex ? 16 : 10),
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
