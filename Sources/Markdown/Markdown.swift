import CCmark
import Glibc

/// Renders the owner's Markdown (notes, collection and site descriptions) with libcmark.
///
/// CommonMark with smart punctuation (straight quotes become curly, `--` an en dash) and cmark's
/// safe mode: raw HTML is omitted and `javascript:`, `vbscript:`, `file:` and non-image `data:`
/// URLs are emptied. The HTML then goes through the sanitizer as a second line of defence.
public enum Markdown {
  /// Returns the HTML fragment for `markdown`.
  public static func renderHTML(_ markdown: String) -> String {
    HTMLSanitizer.sanitize(cmarkHTML(markdown), policy: .markdown)
  }

  /// cmark's own HTML for `markdown`, before sanitizing.
  static func cmarkHTML(_ markdown: String) -> String {
    var markdown = markdown
    return markdown.withUTF8 { bytes -> String in
      guard
        let rendered = bytes.withMemoryRebound(
          to: CChar.self, { cmark_markdown_to_html($0.baseAddress, $0.count, options) })
      else { return "" }
      defer { free(rendered) }
      return String(cString: rendered)
    }
  }

  /// Returns the text of `markdown` on one line, markup and raw HTML removed and whitespace
  /// collapsed; for meta descriptions and feeds.
  public static func plainText(_ markdown: String) -> String {
    var markdown = markdown
    return markdown.withUTF8 { bytes in
      guard
        let document = bytes.withMemoryRebound(
          to: CChar.self, { cmark_parse_document($0.baseAddress, $0.count, options) })
      else { return "" }
      defer { cmark_node_free(document) }
      guard let iterator = cmark_iter_new(document) else { return "" }
      defer { cmark_iter_free(iterator) }
      var writer = PlainTextWriter(capacity: bytes.count)
      while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
        let node = cmark_iter_get_node(iterator)
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK:
          if let literal = cmark_node_get_literal(node) {
            let count = strlen(literal)
            literal.withMemoryRebound(to: UInt8.self, capacity: count) {
              writer.text(UnsafeBufferPointer(start: $0, count: count))
            }
          }
          if cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK { writer.separate() }
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_THEMATIC_BREAK:
          writer.separate()
        case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_ITEM, CMARK_NODE_BLOCK_QUOTE:
          if event == CMARK_EVENT_EXIT { writer.separate() }
        default:
          break  // raw HTML is left out, as renderHTML does
        }
      }
      return writer.finish()
    }
  }

  /// Smart punctuation is deterministic and reads better in prose; safe mode is cmark's default.
  private static let options = CMARK_OPT_SMART
}
