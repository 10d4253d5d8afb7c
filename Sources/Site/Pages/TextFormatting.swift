import Markdown

/// The seam to the Markdown module: owner Markdown and Google descriptions to safe HTML.
enum TextFormatting {
  /// Owner-written Markdown (notes, site and collection descriptions) as sanitised HTML.
  static func markdownHTML(_ markdown: String) -> String {
    Markdown.renderHTML(markdown)
  }

  /// A Google description (plain text or loose HTML) as sanitised HTML.
  static func descriptionHTML(_ description: String) -> String {
    DescriptionHTML.render(description)
  }

  /// A Google description as plain text cut at each of `limits`, converted once.
  static func descriptionTexts(_ description: String, limits: [Int]) -> [String] {
    DescriptionHTML.plainText(description, limits: limits)
  }

  /// A Google description as one line of plain text, whole (what the search index reads).
  static func descriptionText(_ description: String) -> String {
    DescriptionHTML.plainText(description)
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
