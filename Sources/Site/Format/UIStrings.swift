import BookRecord
import Diagnostics
import Foundation
import Support

/// The theme's UI strings (`{{t.buy}}`), built in for en, zh-TW and ja and overridable from
/// `site.strings` in the catalog.
struct UIStrings: Sendable {
  let language: UILanguage
  private(set) var values: [String: String]
  /// The keys `site.strings` set: computed strings (`dataFrom`) leave them as the owner wrote.
  private(set) var overridden: Set<String> = []

  /// The built-in table for `language`, with the owner's overrides applied.
  ///
  /// An override naming a string that does not exist is an error (it is the owner's typo).
  init(language: UILanguage, overrides: [String: String] = [:]) throws(SiteError) {
    self.language = language
    var values = UIStrings.table(for: language)
    for key in overrides.keys.sorted() {
      guard values[key] != nil else {
        throw .unknownUIString(
          key: key, suggestion: NearestName.suggestion(for: key, among: values.keys.sorted()))
      }
      values[key] = overrides[key]
    }
    self.values = values
    overridden = Set(overrides.keys)
  }

  /// `dataFrom` names the sources the site's books come from (`Data from Google Books and Open
  /// Library`), unless the owner wrote their own.
  mutating func credit(_ sources: [BookSource]) {
    guard !overridden.contains("dataFrom"), !sources.isEmpty else { return }
    values["dataFrom"] = format("dataFromSources", ["sources": list(sources.map(name))])
  }

  /// A source as pages name it: `Google Books`, `Google 圖書`; a source without a string, by its
  /// own name.
  func name(_ source: BookSource) -> String {
    switch source.id {
    case "google-books": self["googleBooks"]
    case "open-library": self["openLibrary"]
    default: source.name
    }
  }

  /// `View on Google Books`: the link to a source's page for a book.
  func view(_ source: BookSource) -> String {
    switch source.id {
    case "google-books": self["viewOnGoogleBooks"]
    case "open-library": self["viewOnOpenLibrary"]
    default: format("viewOn", ["source": source.name])
    }
  }

  /// `A`, `A and B`, `A, B and C`.
  func list(_ names: [String]) -> String {
    guard let last = names.last else { return "" }
    guard names.count > 1 else { return last }
    return format("sourcesAnd", ["first": names.dropLast().joined(separator: ", "), "second": last])
  }

  subscript(_ key: String) -> String { values[key] ?? key }

  /// A string with `{name}` placeholders filled in: `"Cover of {title}"`. The arguments are
  /// pairs, not a dictionary: a page formats several strings, and building and hashing a
  /// dictionary for one or two names cost more than finding them in a list.
  func format(_ key: String, _ arguments: KeyValuePairs<String, String>) -> String {
    let template = self[key]
    guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
    // Byte by byte where that finds the same braces as the character scan below (a brace next
    // to a non-ASCII byte could join a character with it): a page formats several strings, and
    // walking characters was a twentieth of building a book page's context.
    if let formatted = template.utf8.withContiguousStorageIfAvailable({
      UIStrings.format(bytes: $0, arguments)
    }), let formatted {
      return formatted
    }
    // One pass over the text; a `{name}` with no argument stays as written.
    var result = ""
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      guard let close = rest[open...].firstIndex(of: "}"),
        let value = UIStrings.argument(rest[rest.index(after: open)..<close], in: arguments)
      else {
        result.append("{")
        rest = rest[rest.index(after: open)...]
        continue
      }
      result += value
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }

  private static func argument(_ name: Substring, in arguments: KeyValuePairs<String, String>) -> String? {
    for index in arguments.indices where arguments[index].key == name { return arguments[index].value }
    return nil
  }

  /// `format`'s pass over UTF-8 bytes; nil when a brace touches a non-ASCII byte.
  private static func format(bytes: UnsafeBufferPointer<UInt8>, _ arguments: KeyValuePairs<String, String>)
    -> String?
  {
    let open = UInt8(ascii: "{")
    let close = UInt8(ascii: "}")
    for index in bytes.indices where bytes[index] == open || bytes[index] == close {
      if index > 0 && bytes[index - 1] >= 0x80 || index + 1 < bytes.count && bytes[index + 1] >= 0x80 {
        return nil
      }
    }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + 32)
    var start = 0
    while let brace = bytes[start...].firstIndex(of: open) {
      result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<brace]))
      guard let end = bytes[brace...].firstIndex(of: close),
        let value = argument(
          Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[(brace + 1)..<end]), as: UTF8.self)),
          in: arguments)
      else {
        result.append(open)
        start = brace + 1
        continue
      }
      result.append(contentsOf: value.utf8)
      start = end + 1
    }
    result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    return String(decoding: result, as: UTF8.self)
  }

  /// The built-in strings of `language`: its file in the repository's `i18n/` (`en.json`),
  /// embedded at build time; the tests check that every file parses and has the same keys.
  static func table(for language: UILanguage) -> [String: String] {
    let file = language.rawValue + ".json"
    var text = UIStringFiles.files[file] ?? ""
    var table: [String: String] = [:]
    text.withUTF8 { bytes in
      var reader = JSONReader(bytes)
      do {
        try reader.object("strings") { reader, key in table[key.string] = try reader.string("strings") }
      } catch {
        preconditionFailure("i18n/\(file): \(error)")
      }
    }
    return table
  }

  /// `Jan`…`Dec`, `1月`…`12月`: a month in the charts and tables of a year's page.
  static func monthName(_ month: Int, for language: UILanguage) -> String {
    switch language {
    case .english:
      return ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month - 1]
    case .traditionalChinese, .japanese: return "\(month)月"
    }
  }
}
