import CGumbo
import Glibc

/// What the site check needs from one HTML page: its links, the ids fragments can target, its
/// title and its language.
struct HTMLPageScan: Sendable, Equatable {
  /// One URL a page refers to (a `srcset` yields one per candidate).
  struct Link: Sendable, Equatable {
    /// Lower-case tag name (`a`, `link`, `img`, …).
    var element: String
    /// `href`, `src`, `srcset`, `action` or `poster`.
    var attribute: String
    /// As written, with character references decoded.
    var url: String
  }

  var links: [Link] = []
  /// Every `id`, and every `name` of an `<a>` (both are fragment targets).
  var ids: Set<String> = []
  /// The text of the first `<title>`, nil when there is none.
  var title: String?
  /// The `lang` attribute of `<html>`, nil when absent.
  var language: String?

  init() {}
}

/// Scans whole HTML documents with gumbo (the HTML5 parsing algorithm, so what it finds is what a
/// browser finds).
enum HTMLScan {
  /// The attributes the scan reads.
  private enum AttributeKind {
    case id
    case name
    case lang
    case link(String)

    static let links: [String] = ["href", "src", "srcset", "action", "poster"]

    init?(_ name: UnsafePointer<CChar>) {
      if strcmp(name, "id") == 0 {
        self = .id
      } else if strcmp(name, "name") == 0 {
        self = .name
      } else if strcmp(name, "lang") == 0 {
        self = .lang
      } else if let link = AttributeKind.links.first(where: { strcmp(name, $0) == 0 }) {
        self = .link(link)
      } else {
        return nil
      }
    }
  }

  /// Parses `html` as a complete document and collects its links, ids, title and language.
  static func scan(_ html: String) -> HTMLPageScan {
    var html = html
    return html.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { characters in
        var options = kGumboDefaultOptions
        options.max_errors = 0
        guard let output = gumbo_parse_with_options(&options, characters.baseAddress, characters.count) else {
          return HTMLPageScan()
        }
        defer { gumbo_destroy_output(&options, output) }
        return scan(root: output.pointee.root)
      }
    }
  }

  /// Walks with an explicit stack: hostile pages may nest elements thousands deep.
  private static func scan(root: UnsafeMutablePointer<GumboNode>) -> HTMLPageScan {
    var result = HTMLPageScan()
    var stack = [root]
    while let node = stack.popLast() {
      guard node.pointee.type == GUMBO_NODE_ELEMENT || node.pointee.type == GUMBO_NODE_TEMPLATE else {
        continue
      }
      let element = node.pointee.v.element
      let isHTML = element.tag_namespace == GUMBO_NAMESPACE_HTML
      // Attribute names are compared as C strings; only the values the check needs become
      // Swift strings (pages carry many classes and labels it does not).
      let attributes = element.attributes
      for index in 0..<Int(attributes.length) {
        let attribute = attributes.data[index]!.assumingMemoryBound(to: GumboAttribute.self).pointee
        guard let kind = AttributeKind(attribute.name) else { continue }
        switch kind {
        case .id:
          result.ids.insert(String(cString: attribute.value))
        case .name:
          if element.tag == GUMBO_TAG_A { result.ids.insert(String(cString: attribute.value)) }
        case .lang:
          // The document's language is `<html lang>`'s, the root's.
          if node == root, result.language == nil { result.language = String(cString: attribute.value) }
        case .link(let name) where isHTML:
          let value = String(cString: attribute.value)
          let tag = tagName(of: element)
          for url in name == "srcset" ? candidates(ofSourceSet: value) : [value] {
            result.links.append(HTMLPageScan.Link(element: tag, attribute: name, url: url))
          }
        case .link:
          break
        }
      }
      if element.tag == GUMBO_TAG_TITLE, result.title == nil, element.tag_namespace == GUMBO_NAMESPACE_HTML {
        result.title = text(of: element)
      }
      // Children are pushed in reverse so links come out in document order.
      let children = element.children
      for index in stride(from: Int(children.length) - 1, through: 0, by: -1) {
        stack.append(children.data[index]!.assumingMemoryBound(to: GumboNode.self))
      }
    }
    return result
  }

  private static func tagName(of element: GumboElement) -> String {
    if element.tag != GUMBO_TAG_UNKNOWN, let name = gumbo_normalized_tagname(element.tag) {
      return String(cString: name)
    }
    var piece = element.original_tag
    gumbo_tag_from_original_text(&piece)
    guard let data = piece.data else { return "" }
    return String(
      decoding: UnsafeRawBufferPointer(start: data, count: piece.length), as: UTF8.self
    ).lowercased()
  }

  private static func text(of element: GumboElement) -> String {
    var text = ""
    let children = element.children
    for index in 0..<Int(children.length) {
      let child = children.data[index]!.assumingMemoryBound(to: GumboNode.self)
      if child.pointee.type == GUMBO_NODE_TEXT || child.pointee.type == GUMBO_NODE_WHITESPACE {
        text += String(cString: child.pointee.v.text.text)
      }
    }
    return text
  }

  /// The URLs of a `srcset` (`a.jpg 1x, b.jpg 2x`), per the HTML standard's candidate parsing:
  /// a URL runs to the next whitespace, a trailing comma ends it, descriptors run to a comma.
  static func candidates(ofSourceSet value: String) -> [String] {
    var urls: [String] = []
    var rest = Substring(value)
    while true {
      rest = rest.drop { $0.isWhitespace || $0 == "," }
      guard !rest.isEmpty else { return urls }
      var url = rest.prefix { !$0.isWhitespace }
      rest = rest.dropFirst(url.count)
      if url.hasSuffix(",") {
        url = url.dropLast()
        while url.hasSuffix(",") { url = url.dropLast() }
      } else {
        rest = rest.drop { $0 != "," }
      }
      if !url.isEmpty { urls.append(String(url)) }
    }
  }
}
