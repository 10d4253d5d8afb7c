import Support

/// Builds an XML document line by line; every text and attribute value goes through `MarkupEscaping`.
/// Lines are not indented: a large site's feeds and sitemaps repeat an element per book, and the
/// indentation was a twentieth of their bytes.
struct XMLWriter {
  private(set) var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"

  init() {}

  /// `<name a="v">`, leaving the element open.
  mutating func open(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
    startLine(name)
    for (key, value) in attributes { writeAttribute(key, value) }
    text += ">\n"
  }

  mutating func close(_ name: String) {
    text += "</"
    text += name
    text += ">\n"
  }

  /// `<name a="v">text</name>`.
  mutating func element(_ name: String, _ content: String, _ attributes: KeyValuePairs<String, String> = [:])
  {
    startLine(name)
    for (key, value) in attributes { writeAttribute(key, value) }
    text += ">"
    MarkupEscaping.append(content, to: &text, .xml)
    text += "</"
    text += name
    text += ">\n"
  }

  /// `<name a="v"/>`; attributes with a nil value are left out.
  mutating func empty(_ name: String, _ attributes: KeyValuePairs<String, String?>) {
    startLine(name)
    for (key, value) in attributes {
      if let value { writeAttribute(key, value) }
    }
    text += "/>\n"
  }

  private mutating func startLine(_ name: String) {
    text += "<"
    text += name
  }

  private mutating func writeAttribute(_ key: String, _ value: String) {
    text += " "
    text += key
    text += "=\""
    MarkupEscaping.append(value, to: &text, .xml)
    text += "\""
  }
}
