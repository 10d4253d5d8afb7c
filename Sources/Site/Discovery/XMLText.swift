/// Escaping for the XML files bookgen writes (sitemaps, Atom, OPDS).
enum XMLText {
  /// Escapes `& < > "` and drops characters XML 1.0 forbids (C0 controls other than tab, line
  /// feed and carriage return; U+FFFE, U+FFFF), so Google's data can never break a feed.
  static func escape(_ text: String) -> String {
    // Most text needs no change: one byte scan (0xEF starts U+FFFE and U+FFFF).
    guard
      text.utf8.contains(where: {
        $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0xEF
      })
    else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x26: result += "&amp;"
      case 0x3C: result += "&lt;"
      case 0x3E: result += "&gt;"
      case 0x22: result += "&quot;"
      case 0x09, 0x0A, 0x0D: result.unicodeScalars.append(scalar)
      case 0x00..<0x20, 0xFFFE, 0xFFFF: continue
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

/// Builds an XML document line by line; every text and attribute value goes through `XMLText`.
struct XMLWriter {
  private(set) var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  private var depth = 0

  init() {}

  /// A fragment (no XML declaration) indented as if inside `depth` open elements, to be added to
  /// documents with `append`.
  init(fragmentAtDepth depth: Int) {
    text = ""
    self.depth = depth
  }

  /// Adds a fragment written by another writer.
  mutating func append(_ fragment: String) {
    text += fragment
  }

  /// `<name a="v">`, leaving the element open.
  mutating func open(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
    line("<" + name + XMLWriter.attributes(attributes) + ">")
    depth += 1
  }

  mutating func close(_ name: String) {
    depth -= 1
    line("</" + name + ">")
  }

  /// `<name a="v">text</name>`.
  mutating func element(_ name: String, _ content: String, _ attributes: KeyValuePairs<String, String> = [:])
  {
    line("<" + name + XMLWriter.attributes(attributes) + ">" + XMLText.escape(content) + "</" + name + ">")
  }

  /// `<name a="v"/>`; attributes with a nil value are left out.
  mutating func empty(_ name: String, _ attributes: KeyValuePairs<String, String?>) {
    var rendered = ""
    for (key, value) in attributes {
      guard let value else { continue }
      rendered += " " + key + "=\"" + XMLText.escape(value) + "\""
    }
    line("<" + name + rendered + "/>")
  }

  private mutating func line(_ content: String) {
    text += depth < XMLWriter.indents.count ? XMLWriter.indents[depth] : String(repeating: " ", count: depth)
    text += content
    text += "\n"
  }

  private static let indents = (0..<8).map { String(repeating: " ", count: $0) }

  private static func attributes(_ attributes: KeyValuePairs<String, String>) -> String {
    attributes.map { " " + $0.key + "=\"" + XMLText.escape($0.value) + "\"" }.joined()
  }
}
