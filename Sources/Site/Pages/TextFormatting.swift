/// The seam to the Markdown module: owner Markdown and Google descriptions to safe HTML.
enum TextFormatting {
  /// Owner-written Markdown (notes, site and collection descriptions) as sanitised HTML.
  static func markdownHTML(_ markdown: String) -> String {
    paragraphs(markdown)
  }

  /// A Google description (plain text or loose HTML) as sanitised HTML.
  static func descriptionHTML(_ description: String) -> String {
    paragraphs(description)
  }

  /// Plain text for meta descriptions, cut at `limit` characters.
  static func plainText(_ text: String, limit: Int) -> String {
    let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    return flat.count > limit ? String(flat.prefix(limit - 1)) + "…" : flat
  }

  private static func paragraphs(_ text: String) -> String {
    text.split(separator: "\n\n").map { "<p>" + HTMLText.escape(String($0)) + "</p>" }.joined(separator: "\n")
  }
}

/// Minimal HTML escaping for the few strings Swift assembles itself.
enum HTMLText {
  static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text.unicodeScalars {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }
}
