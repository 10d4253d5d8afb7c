import BookRecord
import Markdown

/// The seam to the Markdown module: owner Markdown and sources' descriptions to safe HTML. A
/// description in Markdown (Open Library's) goes through the owner's Markdown sanitiser.
enum TextFormatting {
  /// Owner-written Markdown (notes, site and collection descriptions) as sanitised HTML.
  static func markdownHTML(_ markdown: String) -> String {
    Markdown.renderHTML(markdown)
  }

  /// A description (plain text or loose HTML, or Markdown) as sanitised HTML, in UTF-8 bytes
  /// that are valid as they are (a page copies them into its output as they are).
  static func descriptionHTML(_ description: String, format: TextFormat = .html) -> [UInt8] {
    switch format {
    case .html: DescriptionHTML.renderUTF8(description)
    case .markdown: Array(Markdown.renderHTML(description).utf8)
    }
  }

  /// A description as plain text cut at `limit` characters.
  static func descriptionText(_ description: String, format: TextFormat = .html, limit: Int) -> String {
    switch format {
    case .html: DescriptionHTML.plainText(description, limit: limit)
    case .markdown: cut(Markdown.plainText(description), limit: limit)
    }
  }

  /// A description's words for the search index, and the start of its plain text, at least
  /// `characters` characters when it has them (`DescriptionHTML.searchText`).
  static func descriptionSearchText(_ description: String, format: TextFormat, characters: Int)
    -> (words: String, start: String)
  {
    switch format {
    case .html: return DescriptionHTML.searchText(description, characters: characters)
    case .markdown:
      let text = Markdown.plainText(description).split(whereSeparator: \.isWhitespace).joined(separator: " ")
      return (text, text)
    }
  }

  /// Owner Markdown as plain text, whole (what the search index reads).
  static func markdownPlainText(_ markdown: String) -> String {
    Markdown.plainText(markdown)
  }

  /// Owner Markdown as plain text for meta descriptions, cut at `limit` characters.
  static func markdownText(_ markdown: String, limit: Int) -> String {
    cut(Markdown.plainText(markdown), limit: limit)
  }

  private static func cut(_ text: String, limit: Int) -> String {
    let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    return flat.count > limit ? String(flat.prefix(limit - 1)) + "…" : flat
  }
}
