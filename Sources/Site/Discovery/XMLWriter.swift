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
