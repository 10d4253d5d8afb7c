import Foundation
import Support

/// Reads one document into the index: its terms (with the fields they occur in) into the term
/// index, and returns its facet values and the bytes of its display record. Its folding cache
/// and buffers are reused from document to document.
struct DocumentAnalyzer {
  /// What one document gives besides its terms.
  struct Result {
    /// The values of each facet of the options, in their order, without repeats.
    var facets: [[String]] = []
    /// What the result shows, as the JSON values of its record in a document file, without
    /// the slot and brackets the writer adds.
    var record: [UInt8] = []
  }

  private var folding = SearchFolding()
  /// `options.thumbnailTemplate` split at `{id}`, once (`range(of:)` per document is slow).
  private var template: ThumbnailTemplate?
  private var templateSource: String?
  private var scratch: [UInt8] = []
  private var scalars: [Unicode.Scalar] = []

  /// Adds the document's terms to `terms` (the caller ends the document there) and returns
  /// the rest of what it gives.
  mutating func analyze(_ document: SearchDocument, options: SearchIndexOptions, terms: inout TermIndex)
    -> Result
  {
    if templateSource != options.thumbnailTemplate {
      templateSource = options.thumbnailTemplate
      template = ThumbnailTemplate(options.thumbnailTemplate)
    }
    for field in document.fields {
      let primary = field.weight == .primary
      let word = PostingFlags.word(primary: primary)
      SearchTokenizer.forEachToken(in: field.text, folding: &folding, scalars: &scalars, scratch: &scratch) {
        bytes, kind, starts, ends, split in
        if kind == .word {
          terms.add(bytes, word)
          return
        }
        terms.add(bytes, PostingFlags.cjk(primary: primary, starts: starts, ends: ends))
        // A run's last character alone, so that a one-character query finds it at the end too.
        if split > 0, ends {
          terms.add(
            UnsafeBufferPointer(rebasing: bytes[split...]),
            PostingFlags.cjk(primary: primary, starts: false, ends: true))
        }
      }
    }
    var result = Result()
    // A document has a few values per facet: a scan finds a repeat cheaper than a set.
    result.facets = options.facets.map { facet in
      var values: [String] = []
      for value in document.facets[facet.id] ?? [] where !value.isEmpty && !values.contains(value) {
        values.append(value)
      }
      return values
    }
    result.record = DocumentAnalyzer.record(document.display, options: options, template: template)
    return result
  }

  /// `"books/dune-x/","Dune","Deluxe Edition",["Frank Herbert"],"B1ZdEAAAQBAJ","1965",["desc…"]`:
  /// url, title, subtitle, authors, thumbnail (or the id the template takes), detail, texts.
  static func record(
    _ display: SearchDocument.Display, options: SearchIndexOptions, template: ThumbnailTemplate?
  ) -> [UInt8] {
    // Written straight as bytes (what `JSONValue.array(…).rendered()` writes, without the
    // outer brackets): a value tree and a `String` per record cost more than the escaping.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(512)
    func list(_ texts: some Sequence<String>) {
      bytes.append(UInt8(ascii: "["))
      for (position, text) in texts.enumerated() {
        if position > 0 { bytes.append(UInt8(ascii: ",")) }
        JSONWriter.appendString(text, to: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    }
    for text in [display.url, display.title, display.subtitle ?? ""] {
      JSONWriter.appendString(text, to: &bytes)
      bytes.append(UInt8(ascii: ","))
    }
    list(display.authors)
    for text in [compact(display.thumbnail, template: template), display.detail ?? ""] {
      bytes.append(UInt8(ascii: ","))
      JSONWriter.appendString(text, to: &bytes)
    }
    bytes.append(UInt8(ascii: ","))
    list(
      display.texts.lazy.filter { !$0.isEmpty }.map { cut($0, limit: SearchIndexOptions.excerptSourceLimit) })
    return bytes
  }

  /// The text cut to `limit` characters, at a space when one is near the end, with "…".
  static func cut(_ text: String, limit: Int) -> String {
    let scalars = text.unicodeScalars
    // Stops at the limit instead of counting a long text whole.
    guard var end = scalars.index(scalars.startIndex, offsetBy: limit, limitedBy: scalars.endIndex),
      end < scalars.endIndex
    else { return text }
    var back = end
    for _ in 0..<40 where back > scalars.startIndex {
      back = scalars.index(before: back)
      if scalars[back].properties.isWhitespace {
        end = back
        break
      }
    }
    return String(scalars[..<end]) + "…"
  }

  /// The id when `url` is `template` with `{id}` filled in by a plain id, else the URL.
  static func compact(_ url: String?, template: ThumbnailTemplate?) -> String {
    guard let url else { return "" }
    guard let template else { return url }
    // Bytes, not characters: an id is ASCII, so a URL that fills the template in is too.
    let (bytes, prefix, suffix) = (url.utf8, template.prefix.utf8, template.suffix.utf8)
    guard bytes.count > prefix.count + suffix.count, bytes.starts(with: prefix),
      bytes.suffix(suffix.count).elementsEqual(suffix)
    else { return url }
    let id = bytes.dropFirst(prefix.count).dropLast(suffix.count)
    return id.allSatisfy(Slug.isIdentifierByte) ? String(decoding: id, as: UTF8.self) : url
  }
}

/// A cover URL template split at its `{id}`.
struct ThumbnailTemplate: Sendable {
  let prefix: Substring
  let suffix: Substring

  init?(_ template: String?) {
    guard let template, let marker = template.range(of: "{id}") else { return nil }
    prefix = template[..<marker.lowerBound]
    suffix = template[marker.upperBound...]
  }
}

/// The flags stored with each posting: for words, whether the term occurs in a primary and in
/// a secondary field; for CJK pairs, for each of the two, whether it occurs, whether at the
/// start of a run and whether at its end (so a query knows an exact run from a prefix or the
/// middle of one). The analyzer sets `cjkTerm` on a term's flags to tell the kinds apart.
enum PostingFlags {
  static let cjkTerm: UInt8 = 0x80
  /// Bits a posting of each kind carries after its document number.
  static let wordBits = 2
  static let cjkBits = 6

  static func word(primary: Bool) -> UInt8 { primary ? 1 : 2 }

  static func cjk(primary: Bool, starts: Bool, ends: Bool) -> UInt8 {
    let bits: UInt8 = 1 | (starts ? 2 : 0) | (ends ? 4 : 0)
    return cjkTerm | (primary ? bits : bits << 3)
  }
}
