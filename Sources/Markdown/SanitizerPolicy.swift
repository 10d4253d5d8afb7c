import CGumbo

/// What the sanitizer keeps beyond the shared allow-list; one policy per kind of input.
struct SanitizerPolicy: Sendable {
  /// Headings stay headings; otherwise they become `<p><strong>` so a description cannot
  /// compete with the page's own outline.
  var keepsHeadings: Bool
  /// `<img>` (src, alt, title) and `<hr>` are kept; otherwise images are dropped and rules
  /// become paragraph breaks.
  var keepsImagesAndRules: Bool
  /// Relative URLs (`/books/`, `#notes`, `../x`) are allowed in `href` and `src`.
  var allowsRelativeURLs: Bool
  /// Added to every kept link, or nil for none.
  var linkRel: String?

  /// Google's descriptions: untrusted, links only to absolute http(s)/mailto, marked nofollow.
  static let description = SanitizerPolicy(
    keepsHeadings: false, keepsImagesAndRules: false, allowsRelativeURLs: false,
    linkRel: "nofollow noopener noreferrer")

  /// Owner-written Markdown after cmark: the owner's own headings, images and links are kept.
  static let markdown = SanitizerPolicy(
    keepsHeadings: true, keepsImagesAndRules: true, allowsRelativeURLs: true, linkRel: nil)
}

/// Formatting elements kept as they are, named by their tag (`strike` is written as `s`).
enum InlineTag: String, Sendable {
  case b, strong, i, em, u, s, sub, sup, small, code
}

/// How the sanitizer treats one kind of element.
enum ElementRole: Sendable, Equatable {
  /// Removed together with everything inside (scripts, styles, embedded documents, forms' widgets).
  case drop
  /// Removed, children kept (span, font, unknown elements), so no text is silently lost.
  case transparent
  /// Removed, children kept, but separates what comes before and after (div, section, table…).
  case boundary
  case paragraph
  case heading(level: Int)
  case list(ordered: Bool)
  case listItem
  case blockquote
  case preformatted
  case inline(InlineTag)
  case link
  case lineBreak
  case rule
  case image

  /// The role of a gumbo tag; unknown and foreign-namespace elements are handled by the caller.
  static func of(_ tag: GumboTag) -> ElementRole {
    let index = Int(tag.rawValue)
    return index < table.count ? table[index] : .transparent
  }

  private static let table: [ElementRole] = {
    var roles = [ElementRole](repeating: .transparent, count: Int(GUMBO_TAG_LAST.rawValue) + 1)
    func set(_ role: ElementRole, _ tags: GumboTag...) {
      for tag in tags { roles[Int(tag.rawValue)] = role }
    }
    set(
      .drop, GUMBO_TAG_SCRIPT, GUMBO_TAG_STYLE, GUMBO_TAG_IFRAME, GUMBO_TAG_OBJECT, GUMBO_TAG_EMBED,
      GUMBO_TAG_TEMPLATE, GUMBO_TAG_NOSCRIPT, GUMBO_TAG_SVG, GUMBO_TAG_MATH, GUMBO_TAG_HEAD,
      GUMBO_TAG_TITLE, GUMBO_TAG_APPLET, GUMBO_TAG_NOEMBED, GUMBO_TAG_NOFRAMES, GUMBO_TAG_FRAMESET,
      GUMBO_TAG_FRAME, GUMBO_TAG_LINK, GUMBO_TAG_META, GUMBO_TAG_BASE, GUMBO_TAG_INPUT,
      GUMBO_TAG_SELECT, GUMBO_TAG_DATALIST, GUMBO_TAG_AUDIO, GUMBO_TAG_VIDEO, GUMBO_TAG_SOURCE,
      GUMBO_TAG_TRACK, GUMBO_TAG_PARAM, GUMBO_TAG_AREA, GUMBO_TAG_KEYGEN,
      GUMBO_TAG_IMAGE, GUMBO_TAG_ISINDEX, GUMBO_TAG_BGSOUND, GUMBO_TAG_BASEFONT, GUMBO_TAG_COL,
      GUMBO_TAG_COLGROUP)
    set(
      .boundary, GUMBO_TAG_HTML, GUMBO_TAG_BODY, GUMBO_TAG_DIV, GUMBO_TAG_SECTION, GUMBO_TAG_ARTICLE,
      GUMBO_TAG_ASIDE, GUMBO_TAG_HEADER, GUMBO_TAG_FOOTER, GUMBO_TAG_NAV, GUMBO_TAG_MAIN,
      GUMBO_TAG_ADDRESS, GUMBO_TAG_CENTER, GUMBO_TAG_FIGURE, GUMBO_TAG_FIGCAPTION, GUMBO_TAG_DL,
      GUMBO_TAG_DETAILS, GUMBO_TAG_SUMMARY, GUMBO_TAG_FIELDSET, GUMBO_TAG_LEGEND, GUMBO_TAG_FORM,
      GUMBO_TAG_TABLE, GUMBO_TAG_CAPTION, GUMBO_TAG_THEAD, GUMBO_TAG_TBODY, GUMBO_TAG_TFOOT,
      GUMBO_TAG_TR, GUMBO_TAG_TD, GUMBO_TAG_TH, GUMBO_TAG_HGROUP)
    set(.paragraph, GUMBO_TAG_P, GUMBO_TAG_DT, GUMBO_TAG_DD)
    for (index, tag) in [GUMBO_TAG_H1, GUMBO_TAG_H2, GUMBO_TAG_H3, GUMBO_TAG_H4, GUMBO_TAG_H5, GUMBO_TAG_H6]
      .enumerated()
    {
      set(.heading(level: index + 1), tag)
    }
    set(.list(ordered: false), GUMBO_TAG_UL, GUMBO_TAG_MENU, GUMBO_TAG_DIR)
    set(.list(ordered: true), GUMBO_TAG_OL)
    set(.listItem, GUMBO_TAG_LI)
    set(.blockquote, GUMBO_TAG_BLOCKQUOTE)
    set(.preformatted, GUMBO_TAG_PRE, GUMBO_TAG_LISTING, GUMBO_TAG_XMP, GUMBO_TAG_PLAINTEXT)
    let inline: [(InlineTag, GumboTag)] = [
      (.b, GUMBO_TAG_B), (.strong, GUMBO_TAG_STRONG), (.i, GUMBO_TAG_I), (.em, GUMBO_TAG_EM),
      (.u, GUMBO_TAG_U), (.s, GUMBO_TAG_S), (.s, GUMBO_TAG_STRIKE), (.sub, GUMBO_TAG_SUB),
      (.sup, GUMBO_TAG_SUP), (.small, GUMBO_TAG_SMALL), (.code, GUMBO_TAG_CODE),
    ]
    for (name, tag) in inline { set(.inline(name), tag) }
    set(.link, GUMBO_TAG_A)
    set(.lineBreak, GUMBO_TAG_BR)
    set(.rule, GUMBO_TAG_HR)
    set(.image, GUMBO_TAG_IMG)
    return roles
  }()
}
