/// A review as an export holds it (Goodreads' HTML) turned into Markdown that says the same and
/// nothing more: a few tags kept as Markdown, the others dropped, the text escaped.
enum ReviewMarkdown {
  /// `newlinesBreak`: a line break in the text is one (StoryGraph's plain text), not mere
  /// white space (HTML's).
  static func markdown(from review: String, newlinesBreak: Bool) -> String? {
    var output = ""
    var pendingBreaks = 0
    var link: String?
    var scalars = review.unicodeScalars[...]
    func flushBreaks() {
      guard pendingBreaks > 0, !output.isEmpty else {
        pendingBreaks = 0
        return
      }
      output += pendingBreaks == 1 ? "\\\n" : "\n\n"
      pendingBreaks = 0
    }
    func emit(_ text: String) {
      flushBreaks()
      output += text
    }
    while let scalar = scalars.first {
      if scalar == "<", let (tag, rest) = Self.tag(in: scalars) {
        scalars = rest
        switch tag.name {
        case "br": pendingBreaks += 1
        case "p", "div", "blockquote", "ul", "ol", "li": pendingBreaks = max(pendingBreaks, 2)
        case "b", "strong": emit("**")
        case "i", "em": emit("*")
        case "a" where !tag.isClosing:
          link = tag.href.flatMap(Self.httpURL)
          if link != nil { emit("[") }
        case "a":
          if let url = link { emit("](\(url))") }
          link = nil
        case "script", "style":
          if !tag.isClosing { scalars = Self.skipping(past: "</\(tag.name)", in: scalars) }
        default: break
        }
        continue
      }
      scalars = scalars.dropFirst()
      if scalar == "&", let (decoded, rest) = Self.entity(in: scalars) {
        scalars = rest
        emit(Self.escaped(decoded, atLineStart: output.isEmpty || output.hasSuffix("\n")))
        continue
      }
      if scalar == "\n" || scalar == "\r" {
        if newlinesBreak {
          if scalar == "\r", scalars.first == "\n" { scalars = scalars.dropFirst() }
          pendingBreaks += 1
        } else if pendingBreaks == 0, !output.hasSuffix(" ") {
          emit(" ")
        }
        continue
      }
      if scalar == " " || scalar == "\t", pendingBreaks > 0 || output.isEmpty { continue }
      emit(Self.escaped(String(scalar), atLineStart: output.isEmpty || output.hasSuffix("\n")))
    }
    let text = output.trimmingTrailingWhitespace()
    return text.isEmpty ? nil : text
  }

  /// Markdown's punctuation backslash-escaped, `&` as an entity, line-starting list and
  /// heading marks too.
  private static func escaped(_ text: String, atLineStart: Bool) -> String {
    var result = ""
    for (index, scalar) in text.unicodeScalars.enumerated() {
      switch scalar {
      case "\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "~":
        result += "\\" + String(scalar)
      case "&":
        result += "&amp;"
      case "-", "+", "=":
        result += (atLineStart && index == 0 ? "\\" : "") + String(scalar)
      default:
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  struct Tag {
    var name: String
    var isClosing: Bool
    var href: String?
  }

  /// The tag starting at `<`, and what follows it; nil when the `<` starts no tag (`a < b`).
  private static func tag(in text: Substring.UnicodeScalarView) -> (Tag, Substring.UnicodeScalarView)? {
    guard let close = text.firstIndex(of: ">") else { return nil }
    var inside = String(String.UnicodeScalarView(text[text.index(after: text.startIndex)..<close]))
    let isClosing = inside.hasPrefix("/")
    if isClosing { inside.removeFirst() }
    let name = String(inside.prefix { $0.isLetter || $0.isNumber }).lowercased()
    guard !name.isEmpty, name.unicodeScalars.allSatisfy(\.isASCII) else { return nil }
    var href: String?
    if name == "a", let range = inside.range(of: "href=") {
      var value = inside[range.upperBound...]
      let quote = value.first
      if quote == "\"" || quote == "'" {
        value = value.dropFirst()
        href = String(value.prefix { $0 != quote })
      } else {
        href = String(value.prefix { !$0.isWhitespace })
      }
    }
    return (Tag(name: name, isClosing: isClosing, href: href), text[text.index(after: close)...])
  }

  /// What follows the first `end` (a tag's start, in lower case, matched in any ASCII case as
  /// HTML matches tag names) and the `>` closing it. Matched in place: a lowercased copy can be
  /// longer (`İ`), and a position in it would cut the review at the wrong place.
  private static func skipping(past end: String, in text: Substring.UnicodeScalarView)
    -> Substring.UnicodeScalarView
  {
    var rest = text
    while let open = rest.firstIndex(of: "<") {
      rest = rest[open...]
      let head = rest.prefix(end.unicodeScalars.count)
      if head.elementsEqual(end.unicodeScalars, by: { Self.asciiLowercased($0) == $1 }) {
        let after = rest.dropFirst(head.count)
        return after.firstIndex(of: ">").map { after[after.index(after: $0)...] } ?? after[after.endIndex...]
      }
      rest = rest.dropFirst()
    }
    return text[text.endIndex...]
  }

  /// `scalar` with A to Z made a to z.
  private static func asciiLowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
  }

  /// `amp;`, `#39;`, `#x27;` after an `&`: the character and what follows.
  private static func entity(in text: Substring.UnicodeScalarView) -> (String, Substring.UnicodeScalarView)? {
    guard let semicolon = text.prefix(10).firstIndex(of: ";") else { return nil }
    let name = String(String.UnicodeScalarView(text[..<semicolon]))
    let rest = text[text.index(after: semicolon)...]
    let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " "]
    if let value = named[name] { return (value, rest) }
    guard name.hasPrefix("#") else { return nil }
    let digits = name.dropFirst()
    let value =
      digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
    guard let value, let scalar = Unicode.Scalar(value), scalar.value >= 0x20 else { return nil }
    return (String(scalar), rest)
  }

  private static func httpURL(_ text: String) -> String? {
    let lowered = text.lowercased()
    guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"),
      !text.contains(where: {
        $0.isWhitespace || $0 == ")" || $0 == "(" || $0 == "<" || $0 == ">" || $0 == "\""
      })
    else { return nil }
    return text
  }
}

extension String {
  func trimmingTrailingWhitespace() -> String {
    var text = Substring(self)
    while let last = text.last, last.isWhitespace { text = text.dropLast() }
    return String(text)
  }
}
