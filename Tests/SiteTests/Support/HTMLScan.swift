import Foundation

/// A small tag scanner for tests: finds the tags in built pages and what could execute.
///
/// Text escaped by the templates contains no `<`, so every `<` followed by a letter starts a
/// real element; attributes are read the way browsers tokenise them (quoted or bare values).
enum HTMLScan {
  struct Tag: Equatable {
    var name: String
    var attributes: [(name: String, value: String)]

    static func == (a: Tag, b: Tag) -> Bool {
      a.name == b.name && a.attributes.map(\.name) == b.attributes.map(\.name)
        && a.attributes.map(\.value) == b.attributes.map(\.value)
    }
  }

  static func tags(in html: String) -> [Tag] {
    let bytes = Array(html.utf8)
    var tags: [Tag] = []
    var index = 0
    func isLetter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) }
    func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 || byte == 12 }
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count, isLetter(bytes[index + 1]) else {
        index += 1
        continue
      }
      index += 1
      var name: [UInt8] = []
      while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"),
        bytes[index] != UInt8(ascii: "/")
      {
        name.append(bytes[index])
        index += 1
      }
      var attributes: [(String, String)] = []
      while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
        if isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") {
          index += 1
          continue
        }
        var attributeName: [UInt8] = []
        while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="),
          bytes[index] != UInt8(ascii: ">")
        {
          attributeName.append(bytes[index])
          index += 1
        }
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        var value: [UInt8] = []
        if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
          index += 1
          while index < bytes.count, isSpace(bytes[index]) { index += 1 }
          if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
            let quote = bytes[index]
            index += 1
            while index < bytes.count, bytes[index] != quote {
              value.append(bytes[index])
              index += 1
            }
            index += 1
          } else {
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") {
              value.append(bytes[index])
              index += 1
            }
          }
        }
        attributes.append(
          (
            String(decoding: attributeName, as: UTF8.self).lowercased(),
            unescape(String(decoding: value, as: UTF8.self))
          ))
      }
      tags.append(Tag(name: String(decoding: name, as: UTF8.self).lowercased(), attributes: attributes))
    }
    return tags
  }

  /// What in a page could run script: script-like elements, event-handler attributes, and
  /// `javascript:`/`data:`/`vbscript:` URLs in any attribute. Empty when the page is safe.
  static func executableInjections(in html: String) -> [String] {
    var findings: [String] = []
    for tag in tags(in: html) {
      if ["script", "iframe", "object", "embed", "style", "base", "form"].contains(tag.name),
        !(tag.name == "form" && tag.attributes.contains { $0.name == "role" && $0.value == "search" }),
        !isOwnScript(tag)
      {
        findings.append("<\(tag.name)>")
      }
      for attribute in tag.attributes {
        if attribute.name.hasPrefix("on") { findings.append("<\(tag.name) \(attribute.name)=…>") }
        let value = String(attribute.value.unicodeScalars.filter { $0.value > 0x20 }).lowercased()
        for scheme in ["javascript:", "data:", "vbscript:"] where value.hasPrefix(scheme) {
          findings.append("<\(tag.name) \(attribute.name)=\"\(scheme)…\">")
        }
      }
    }
    return findings
  }

  /// The theme's own scripts: JSON-LD data blocks and the search scripts from `assets/`.
  /// A data block that hostile text broke out of shows up as a second, unexplained `<script>`.
  static func isOwnScript(_ tag: Tag) -> Bool {
    guard tag.name == "script" else { return false }
    let attributes = Dictionary(tag.attributes.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
    if attributes == ["type": "application/ld+json"] { return true }
    return Set(attributes.keys) == ["src", "defer"]
      && (attributes["src"]!.hasSuffix("/assets/search.js")
        || attributes["src"]!.hasSuffix("/assets/search-page.js"))
  }

  /// Decodes the entities the engine and the sanitiser write.
  static func unescape(_ text: String) -> String {
    text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
      .replacingOccurrences(of: "&#x27;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
  }

  /// The text between the first `<open…>` and the next `</close>`, entities decoded.
  static func text(in html: String, after open: String, until close: String) -> String? {
    guard let start = html.range(of: open), let tagEnd = html[start.upperBound...].firstIndex(of: ">"),
      let end = html[tagEnd...].range(of: close)
    else { return nil }
    return unescape(String(html[html.index(after: tagEnd)..<end.lowerBound]))
  }
}
