import BookRecord
import Support

/// One book of the site: a record merged across collections, with the owner's entry applied.
///
/// The record and what is derived from it once live in one shared, immutable object, read as
/// the book's own fields (`book.title`): pages, feeds and the model copy books often, and
/// copying a reference is one retain where copying ~25 fields would be dozens.
@dynamicMemberLookup
struct Book: Sendable {
  final class Fields: Sendable {
    /// The book as its sources and the owner state it.
    let record: BookRecord
    let title: String?
    let subtitle: String?
    let authors: [String]
    let publisher: String?
    let description: String?
    /// The description as one line of plain text, at most `metaDescriptionLimit` characters
    /// (the page's meta description, JSON-LD `description`, feed and OPDS summaries); nil when
    /// there is no text.
    let metaDescription: String?
    let pageCount: Int?
    let language: String?
    /// Category paths as sent (`Fiction / Science Fiction / General`), or the owner's.
    let categories: [String]
    /// An https image URL, or nil (the page shows a placeholder).
    let cover: String?
    /// The width `cover` is served at (`CoverImage.width(of:)`), found once for every card.
    let coverWidth: Int
    /// The processed cover served from the site (`covers/…`), which replaces `cover`.
    let localCover: LocalCover?
    let isbn13: String?
    let isbn10: String?
    /// The owner's Markdown note.
    let note: String?
    let titleKey: CollationKey
    let authorKey: CollationKey?
    /// The slug this book would like (`title-words-<id>`), before collisions are resolved.
    let preferredSlug: String

    /// The fields of `record`, and (`filing`) where the book files in the indexes: made together,
    /// so each name is folded once for both.
    init(record: BookRecord, localCover: LocalCover?, linksCover: Bool, filing: inout BookFiling?) {
      self.record = record
      self.localCover = localCover
      title = record.title.nonEmpty
      subtitle = record.subtitle.nonEmpty
      authors = (record.authors ?? []).compactMap(\.nonEmpty)
      publisher = record.publisher.nonEmpty
      description = record.description.nonEmpty
      // Converting a description to text is costly: done once per book, here, where books are
      // made in parallel, for the one summary the pages, feeds, OPDS and JSON-LD show.
      metaDescription = description.flatMap {
        TextFormatting.descriptionText($0, format: record.descriptionFormat, limit: Book.metaDescriptionLimit)
          .nonEmpty
      }
      pageCount = record.pageCount.flatMap { $0 > 0 ? $0 : nil }
      language = record.language.nonEmpty
      categories = (record.categories ?? []).compactMap(\.nonEmpty)
      note = record.note.nonEmpty
      cover = linksCover ? WebLink.cover(Book.coverSource(record)) : nil
      coverWidth = cover.map(CoverImage.width(of:)) ?? 0
      (isbn13, isbn10) = record.isbns
      let filed = BookFiling(
        authors: authors, categories: categories, publisher: publisher, language: language,
        date: record.published, tags: record.tags ?? [])
      titleKey = CollationKey(title ?? "")
      // The filing's first key is the first author folded.
      authorKey = authors.first.map { CollationKey($0, folded: filed.authors[0].key.text) }
      let id = Slug.safeIdentifier(record.id)
      let words = Slug.make(folded: titleKey.folded)
      preferredSlug = words.isEmpty ? id : "\(words)-\(id)"
      filing = filed
    }
  }

  private let fields: Fields

  /// The link the cover is made from: the card-sized thumbnail, else a smaller or larger one.
  static func coverSource(_ record: BookRecord) -> String? {
    let covers = record.covers
    return covers?.thumbnail ?? covers?.smallThumbnail ?? covers?.small
  }
  /// Unique folder name under `books/`.
  var slug: String
  /// Indices into `SiteModel.collections`, in catalog order.
  var collections: [Int] = []
  /// The key of the owner's `books:` entry the book took (its id or one of its ISBNs), as the
  /// merge looked it up; nil when it has none.
  var entryKey: String?
  /// The record the sources gave, before the owner's entry was applied: what `bookgen serve`
  /// merges an edited entry into again.
  var sourceRecord: BookRecord?
  /// Where the book files in the indexes; computed with the book (in parallel), consumed and
  /// dropped when the indexes are built.
  var filing: BookFiling? {
    get { filingBox?.filing }
    set { filingBox = newValue.map(FilingBox.init) }
  }
  /// The filing behind a reference: held inline, its entries (three optional ones among them)
  /// would make each `Book`, and so every array of books the model holds, several times larger
  /// long after the filing is consumed.
  private var filingBox: FilingBox?

  private final class FilingBox: Sendable {
    let filing: BookFiling
    init(_ filing: BookFiling) { self.filing = filing }
  }

  subscript<Value>(dynamicMember field: KeyPath<Fields, Value>) -> Value { fields[keyPath: field] }

  var date: BookDate? { fields.record.published }
  /// How `description` is written (Markdown from Open Library).
  var descriptionFormat: TextFormat { fields.record.descriptionFormat }
  /// The note gives the plot away: shown behind a disclosure, never searched.
  var noteSpoiler: Bool { fields.record.noteSpoiler }
  var tags: [String] { fields.record.tags ?? [] }
  /// The owner's reading and copy, when the entry says anything of them.
  var reading: ReadingRecord? { fields.record.reading }
  var id: String { fields.record.id }

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
    guard let language = fields.language, language.count <= 35,
      language.unicodeScalars.allSatisfy({
        $0.isASCII && ($0.properties.isAlphabetic || $0 == "-" || ("0"..."9").contains($0))
      })
    else { return nil }
    return language
  }

  /// A book with `other`'s record and the fields derived from it, before it was placed: no
  /// slug, collections, entry or filing yet.
  init(fieldsOf other: Book) {
    fields = other.fields
    slug = ""
  }

  /// The book made from `record`, the owner's corrections already applied, with the cover
  /// bookgen serves for it; without `linksCover` (covers served from the site) it links no
  /// source's image, and shows its title card when it has no `localCover`.
  init(record: BookRecord, localCover: LocalCover? = nil, linksCover: Bool = true) {
    var filing: BookFiling?
    fields = Fields(record: record, localCover: localCover, linksCover: linksCover, filing: &filing)
    slug = ""
    self.filing = filing
  }
}

extension Optional where Wrapped == String {
  /// The string unless it is nil or only whitespace.
  var nonEmpty: String? {
    // Looks for one non-blank character, without trimming (copying) the text: by bytes while
    // they are ASCII (its blanks are tab to carriage return and space), by scalars after that.
    guard let self else { return nil }
    for byte in self.utf8 {
      if byte >= 0x80 {
        return self.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) ? self : nil
      }
      if byte != 0x20 && !(0x09...0x0D).contains(byte) { return self }
    }
    return nil
  }
}

extension String {
  var nonEmpty: String? { Optional(self).nonEmpty }
}
