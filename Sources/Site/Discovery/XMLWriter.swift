import Support

/// Builds an XML document line by line; every text and attribute value goes through `MarkupEscaping`.
/// Lines are not indented: a large site's feeds and sitemaps repeat an element per book, and the
/// indentation would add to every one of those lines.
///
/// Writes UTF-8 bytes, escaped straight into the buffer: appending to a `String` (and escaping
/// into a new one per value) would be most of what OPDS feeds cost.
struct XMLWriter {
  private(set) var bytes: [UInt8]

  init() {
    bytes = []
    bytes.reserveCapacity(16_384)
    put("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
  }

  /// The document as a string (tests and callers that need text).
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// `<name a="v">`, leaving the element open.
  mutating func open(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
    startLine(name)
    for (key, value) in attributes { writeAttribute(key, value) }
    put(">\n")
  }

  mutating func close(_ name: String) {
    put("</")
    put(name)
    put(">\n")
  }

  /// `<name a="v">text</name>`.
  mutating func element(_ name: String, _ content: String, _ attributes: KeyValuePairs<String, String> = [:])
  {
    startLine(name)
    for (key, value) in attributes { writeAttribute(key, value) }
    bytes.append(UInt8(ascii: ">"))
    MarkupEscaping.append(content, to: &bytes, .xml)
    put("</")
    put(name)
    put(">\n")
  }

  /// `<name a="v"/>`; attributes with a nil value are left out.
  mutating func empty(_ name: String, _ attributes: KeyValuePairs<String, String?>) {
    startLine(name)
    for (key, value) in attributes {
      if let value { writeAttribute(key, value) }
    }
    put("/>\n")
  }

  private mutating func startLine(_ name: String) {
    bytes.append(UInt8(ascii: "<"))
    put(name)
  }

  private mutating func writeAttribute(_ key: String, _ value: String) {
    bytes.append(UInt8(ascii: " "))
    put(key)
    put("=\"")
    MarkupEscaping.append(value, to: &bytes, .xml)
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends `string`'s UTF-8 unescaped (names and markup this writer makes).
  @inline(__always)
  private mutating func put(_ string: String) {
    var string = string
    string.withUTF8 { bytes.append(contentsOf: $0) }
  }
}
