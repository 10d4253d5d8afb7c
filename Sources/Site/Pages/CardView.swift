import Mustache

/// A book's card as list pages show it (`books[]`): link, cover, title, authors and year, each
/// made when the template reads it.
///
/// A list page has dozens of cards; built as value trees, most of their cost was fields the
/// page never shows and the trees themselves. Reads of the book go through `contexts`, so
/// serve records them on the page being rendered.
final class CardView: MustacheObject, @unchecked Sendable {
  private enum Field: Int, CaseIterable {
    case id, href, title, lang, subtitle, authorsText, year, cover, numberText
  }
  private static let fields = MustacheShape(Field.allCases.map { "\($0)" })

  private let contexts: PageContexts
  private let index: Int
  private let book: Book
  private let lazy: Bool
  private let title: String
  private let lang: String?
  private let authorsText: String?
  /// `Book 2` on a series page (null for a book without a number there); absent elsewhere.
  private let numberText: MustacheValue?

  /// `lazy`: its cover waits until it is scrolled near (every card but a page's first row).
  init(_ contexts: PageContexts, _ index: Int, lazy: Bool, numberText: MustacheValue? = nil) {
    self.contexts = contexts
    self.index = index
    let book = contexts.book(index)
    self.book = book
    self.lazy = lazy
    self.numberText = numberText
    title = book.title ?? contexts.strings["untitled"]
    lang = book.title == nil ? nil : book.languageTag(on: contexts.settings.language)
    authorsText = book.authors.isEmpty ? nil : book.authors.joined(separator: ", ")
    super.init(shape: Self.fields)
  }

  override func field(at slot: Int) -> MustacheValue? {
    switch Field(rawValue: slot)! {
    case .id: .string(book.id)
    case .href: .string(contexts.bookHref(index))
    case .title: .string(title)
    case .lang: .optional(lang)
    case .subtitle: .optional(book.subtitle)
    case .authorsText: .optional(authorsText)
    case .year: .optional(book.date.map { String($0.year) })
    case .cover:
      .object(
        CoverView(
          CoverImage.of(
            book, slot: .card, prefix: contexts.urls.pathPrefix, remote: (book.cover, book.coverWidth)),
          slot: PageContexts.cardCoverSize, book: book, title: title, lang: lang, authorsText: authorsText,
          strings: contexts.strings, lazy: lazy))
    case .numberText: numberText
    }
  }
}

/// A cover and the title card drawn beneath it (or alone, without an image): `width` and
/// `height` the image's pixels (else the slot's), `alt` the text of a cover shown alone
/// (`Cover of …`; a cover beside its title wants `alt=""`), `tone` one of twelve colours for
/// the title card, fixed per book.
final class CoverView: MustacheObject, @unchecked Sendable {
  private enum Field: Int, CaseIterable {
    case url, hasImage, width, height, alt, title, lang, authorsText, tone, lazy, local, webpSrcset, color
  }
  private static let fields = MustacheShape(Field.allCases.map { "\($0)" })

  private let image: CoverImage?
  private let width: Int
  private let height: Int
  private let id: String
  private let title: String
  private let lang: String?
  private let authorsText: String?
  private let strings: UIStrings
  private let lazy: Bool

  init(
    _ image: CoverImage?, slot: (width: Int, height: Int), book: Book, title: String, lang: String?,
    authorsText: String?, strings: UIStrings, lazy: Bool
  ) {
    self.image = image
    width = image?.width ?? slot.width
    height = image?.height ?? slot.height
    id = book.id
    self.title = title
    self.lang = lang
    self.authorsText = authorsText
    self.strings = strings
    self.lazy = lazy
    super.init(shape: Self.fields)
  }

  override func field(at slot: Int) -> MustacheValue? {
    switch Field(rawValue: slot)! {
    case .url: .optional(image?.url)
    case .hasImage: .bool(image != nil)
    case .width: .int(width)
    case .height: .int(height)
    case .alt: .string(strings.format("coverOf", ["title": title]))
    case .title: .string(title)
    case .lang: .optional(lang)
    case .authorsText: .optional(authorsText)
    case .tone: .int(CoverImage.tone(of: id))
    case .lazy: .bool(lazy)
    case .local: .bool(image?.webpSrcset != nil)
    case .webpSrcset: .optional(image?.webpSrcset)
    case .color: .optional(image?.color)
    }
  }
}
