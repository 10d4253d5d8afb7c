import BookRecord
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

  /// `<link rel="…" type="…" href="…"/>`: `rel` and `type` are this program's names, written as
  /// they are; only `href` (and `hrefTail`, written after it) is escaped.
  mutating func link(rel: String, type: String, href: String, _ hrefTail: String = "") {
    put("<link rel=\"")
    put(rel)
    put("\" type=\"")
    put(type)
    put("\" href=\"")
    MarkupEscaping.append(href, to: &bytes, .xml)
    MarkupEscaping.append(hrefTail, to: &bytes, .xml)
    put("\"/>\n")
  }

  /// `<name>2019-03-05T00:00:00Z</name>` (`BookDate.rfc3339`) with `time`, else the date's
  /// `isoString` (`2019-03`): written as digits, without making strings for each entry.
  mutating func element(_ name: String, date: BookDate, time: Bool) {
    guard (1...9999).contains(date.year), (1...12).contains(date.month ?? 1), (1...31).contains(date.day ?? 1)
    else {
      return element(name, time ? date.rfc3339 : date.isoString)
    }
    startLine(name)
    bytes.append(UInt8(ascii: ">"))
    digits(date.year, 4)
    if let month = date.month ?? (time ? 1 : nil) {
      bytes.append(UInt8(ascii: "-"))
      digits(month, 2)
      if let day = date.day ?? (time ? 1 : nil) {
        bytes.append(UInt8(ascii: "-"))
        digits(day, 2)
      }
    }
    if time { put("T00:00:00Z") }
    put("</")
    put(name)
    put(">\n")
  }

  /// `value` (below 10,000) in four digits, else (below 100) in two.
  private mutating func digits(_ value: Int, _ count: Int) {
    var divisor = count == 4 ? 1000 : 10
    while divisor > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
      divisor /= 10
    }
  }

  /// `<name a="v"/>`.
  mutating func empty(_ name: String, _ attributes: KeyValuePairs<String, String>) {
    startLine(name)
    for (key, value) in attributes { writeAttribute(key, value) }
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
