import Catalog
import GoogleBooks

/// One book of the site: a volume merged across collections, with the owner's entry applied.
///
/// The fields that never change after merging live in one shared, immutable object: pages, feeds
/// and the model copy books often, and copying a reference is one retain where copying ~25
/// fields would be dozens.
struct Book: Sendable {
  private final class Fields: Sendable {
    let volume: Volume
    let title: String?
    let subtitle: String?
    let authors: [String]
    let publisher: String?
    let date: BookDate?
    let description: String?
    /// The description as plain text, cut for meta descriptions, JSON-LD, feeds and OPDS.
    let metaDescription: String?
    let pageCount: Int?
    let language: String?
    let categories: [String]
    let cover: String?
    let isbn13: String?
    let isbn10: String?
    let note: String?
    let tags: [String]
    /// The owner's entry as written (note, tags, overrides), for the pages' source keys.
    let entry: BookEntry?
    let titleKey: CollationKey
    let authorKey: CollationKey?
    let preferredSlug: String

    init(volume: Volume, entry: BookEntry?) {
      let info = volume.volumeInfo
      let overrides = entry?.overrides ?? BookOverrides()
      self.volume = volume
      title = (overrides.title ?? info.title).nonEmpty
      subtitle = (overrides.subtitle ?? info.subtitle).nonEmpty
      authors = (overrides.authors ?? info.authors).compactMap(\.nonEmpty)
      publisher = (overrides.publisher ?? info.publisher).nonEmpty
      date = (overrides.publishedDate ?? info.publishedDate).flatMap(BookDate.init(parsing:))
      description = (overrides.description ?? info.description).nonEmpty
      // Converting a description to text is costly: done once per book, here, where books are
      // made in parallel, for the one summary the pages, feeds, OPDS and JSON-LD show.
      metaDescription = description.flatMap {
        TextFormatting.descriptionTexts($0, limits: [Book.metaDescriptionLimit])[0].nonEmpty
      }
      pageCount = (overrides.pageCount ?? info.pageCount).flatMap { $0 > 0 ? $0 : nil }
      language = (overrides.language ?? info.language).nonEmpty
      categories = (overrides.categories ?? info.categories).compactMap(\.nonEmpty)
      let links = info.imageLinks
      cover = ExternalLink.cover(overrides.cover ?? links?.thumbnail ?? links?.smallThumbnail ?? links?.small)
      let identifiers = Book.isbns(of: info.industryIdentifiers)
      isbn13 = identifiers.isbn13
      isbn10 = identifiers.isbn10
      note = entry?.note.nonEmpty
      tags = entry?.tags ?? []
      self.entry = entry
      titleKey = CollationKey(title ?? "")
      authorKey = authors.first.map(CollationKey.init)
      let id = Slug.safeIdentifier(volume.id)
      let words = Slug.make(title ?? "")
      preferredSlug = words.isEmpty ? id : "\(words)-\(id)"
    }
  }

  private let fields: Fields
  /// Unique folder name under `books/`.
  var slug: String
  /// Indices into `SiteModel.collections`, in catalog order.
  var collections: [Int] = []
  /// Where the book files in the indexes; computed with the book (in parallel), consumed and
  /// dropped when the indexes are built.
  var filing: BookFiling?

  var volume: Volume { fields.volume }
  var title: String? { fields.title }
  var subtitle: String? { fields.subtitle }
  var authors: [String] { fields.authors }
  var publisher: String? { fields.publisher }
  var date: BookDate? { fields.date }
  var description: String? { fields.description }
  /// The description as one line of plain text, at most `metaDescriptionLimit` characters (the
  /// page's meta description, `og:description`, JSON-LD `description`, feed and OPDS summaries);
  /// nil when there is no text.
  var metaDescription: String? { fields.metaDescription }
  var pageCount: Int? { fields.pageCount }
  var language: String? { fields.language }
  /// Google's category paths as sent (`Fiction / Science Fiction / General`), or the override.
  var categories: [String] { fields.categories }
  /// An https image URL, or nil (the page shows a placeholder).
  var cover: String? { fields.cover }
  var isbn13: String? { fields.isbn13 }
  var isbn10: String? { fields.isbn10 }
  /// The owner's Markdown note.
  var note: String? { fields.note }
  var tags: [String] { fields.tags }
  var entry: BookEntry? { fields.entry }
  var titleKey: CollationKey { fields.titleKey }
  var authorKey: CollationKey? { fields.authorKey }
  /// The slug this book would like (`title-words-<id>`), before collisions are resolved.
  var preferredSlug: String { fields.preferredSlug }

  var id: String { fields.volume.id }

  /// Characters of a book's summary: what search engines show, and all feeds and e-reader apps
  /// need before the page itself (a longer one in every feed entry was a fifth of a large site).
  static let metaDescriptionLimit = 160

  /// `languageTag` for an element of a page in `pageLanguage`: nil when it is the page's own
  /// (the attribute would say nothing; it was on every card and heading).
  func languageTag(on pageLanguage: String) -> String? {
    guard let tag = languageTag, tag.lowercased() != pageLanguage.lowercased() else { return nil }
    return tag
  }

  /// The book's language as a `lang` attribute value, when it looks like a BCP 47 tag.
  var languageTag: String? {
    guard let language, language.count <= 35,
      language.unicodeScalars.allSatisfy({
        $0.isASCII && ($0.properties.isAlphabetic || $0 == "-" || ("0"..."9").contains($0))
      })
    else { return nil }
    return language
  }

  init(volume: Volume, entry: BookEntry?) {
    let fields = Fields(volume: volume, entry: entry)
    self.fields = fields
    slug = ""
    filing = BookFiling(
      authors: fields.authors, categories: fields.categories, publisher: fields.publisher,
      language: fields.language, date: fields.date)
  }

  /// The first valid ISBN-13 (from ISBN_13, else converted from ISBN_10) and its ISBN-10 form.
  static func isbns(of identifiers: [IndustryIdentifier]) -> (isbn13: String?, isbn10: String?) {
    let ordered =
      identifiers.filter { $0.type == "ISBN_13" } + identifiers.filter { $0.type == "ISBN_10" }
    guard let isbn13 = ordered.lazy.compactMap({ ISBNText.isbn13($0.identifier) }).first else {
      return (nil, nil)
    }
    return (isbn13, ISBNText.isbn10(fromISBN13: isbn13))
  }

  /// Every normalised ISBN-13 the volume carries, for matching the owner's `books:` keys.
  static func matchingISBNs(of volume: Volume) -> [String] {
    volume.volumeInfo.industryIdentifiers
      .filter { $0.type == "ISBN_13" || $0.type == "ISBN_10" }
      .compactMap { ISBNText.isbn13($0.identifier) }
  }

  /// How much a record carries; the richest of several copies of one volume is kept.
  static func richness(of volume: Volume) -> Int {
    let info = volume.volumeInfo
    let present: [Bool] = [
      info.title != nil, info.subtitle != nil, !info.authors.isEmpty, info.publisher != nil,
      info.publishedDate != nil, info.pageCount != nil, !info.categories.isEmpty,
      info.imageLinks != nil, info.language != nil, info.averageRating != nil,
      !info.industryIdentifiers.isEmpty, volume.saleInfo?.buyLink != nil,
    ]
    return present.filter { $0 }.count * 10 + min(9, (info.description?.count ?? 0) / 200)
  }
}

extension Optional where Wrapped == String {
  /// The string unless it is nil or only whitespace.
  var nonEmpty: String? {
    // Looks for one non-blank character, without trimming (copying) the text.
    guard let self, self.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else { return nil }
    return self
  }
}

extension String {
  var nonEmpty: String? { Optional(self).nonEmpty }
}
