import BookRecord
import Catalog
import Support

extension BookSource {
  package static let openLibrary = BookSource(id: "open-library", name: "Open Library")
}

/// One book as Open Library's answers describe it: an edition (from the books API, its record,
/// or a work's edition list), its work, the search document it was found by, and its authors'
/// records where no answer named them. Every part is optional but one id.
package struct OpenLibraryBook: Sendable, Equatable {
  /// The edition when one is known, else the work: the book's id and page.
  package var id: OpenLibraryID
  package var entry: BooksEntry?
  package var edition: EditionRecord?
  package var work: WorkRecord?
  package var doc: SearchDoc?
  /// Resolved author records, in the order of the edition's (else the work's) author keys.
  package var authors: [AuthorRecord] = []

  /// The book as a source-neutral record: Open Library's one mapping into it.
  package var record: BookRecord {
    var record = BookRecord(
      id: id.description,
      source: SourceRecord(source: .openLibrary, id: id.description, url: id.pageURL, digest: digest))
    record.title = edition?.title ?? entry?.title ?? doc?.title ?? work?.title
    record.subtitle = edition?.subtitle ?? entry?.subtitle ?? doc?.subtitle ?? work?.subtitle
    let names = nonEmpty(entry?.authors) ?? nonEmpty(doc?.authorNames) ?? nonEmpty(authors.compactMap(\.name))
    record.authors = names
    record.publisher = (edition?.publishers.first ?? entry?.publishers.first) ?? doc?.publishers.first
    if let written = edition?.publishDate ?? entry?.publishDate, let date = FreeTextDate(written) {
      record.published = date.date
      record.publishedText = date.text
    }
    if let written = work?.firstPublishDate, let date = FreeTextDate(written) {
      record.firstPublished = date.date
    } else if let year = doc?.firstPublishYear {
      record.firstPublished = BookDate(year: year)
    }
    if let description = edition?.description ?? work?.description {
      record.description = description
      record.descriptionFormat = .markdown
    }
    record.pageCount = edition?.pageCount ?? entry?.pageCount ?? (edition == nil ? doc?.pageCountMedian : nil)
    record.language = language
    record.categories = nonEmpty(
      SubjectList.categories(
        nonEmpty(work?.subjects) ?? nonEmpty(entry?.subjects) ?? nonEmpty(edition?.subjects) ?? doc?.subjects
          ?? []))
    record.identifiers = nonEmpty(identifiers)
    record.covers = coverID.map(OpenLibraryCovers.links(id:))
    record.series = edition?.series.lazy.compactMap(SeriesText.parse).first
    return record
  }

  /// The edition's first language; a search document's when it names just one.
  private var language: String? {
    if let code = edition?.languages.first { return MARCLanguage.bcp47(code) }
    if let codes = doc?.languages, codes.count == 1 { return MARCLanguage.bcp47(codes[0]) }
    return nil
  }

  /// Valid ISBNs only (checksums checked), digits only, ISBN-13s first, each once.
  private var identifiers: [BookIdentifier] {
    var seen: Set<String> = []
    var result: [BookIdentifier] = []
    let thirteens = (edition?.isbn13 ?? []) + (entry?.isbn13 ?? [])
    let tens = (edition?.isbn10 ?? []) + (entry?.isbn10 ?? [])
    for text in thirteens {
      let digits = String(text.filter { $0 != "-" && $0 != " " })
      if digits.count == 13, ISBNText.isbn13(digits) == digits, seen.insert(digits).inserted {
        result.append(BookIdentifier(.isbn13, digits))
      }
    }
    for text in tens {
      let digits = String(text.filter { $0 != "-" && $0 != " " }).uppercased()
      if digits.count == 10, ISBNText.isbn13(digits) != nil, seen.insert(digits).inserted {
        result.append(BookIdentifier(.isbn10, digits))
      }
    }
    return result
  }

  /// The edition's cover, else the one the books API or the search shows, else the work's.
  private var coverID: Int? {
    edition?.covers.first ?? entry?.coverID ?? doc?.coverID ?? work?.covers.first
  }

  /// Every part's digest, combined: the page is rendered again when any of them changes.
  package var digest: UInt64 {
    var parts: [UInt64] = [
      entry?.digest ?? 0, edition?.digest ?? 0, work?.digest ?? 0, doc?.digest ?? 0,
    ]
    parts += authors.map(\.digest)
    return parts.withUnsafeBytes { XXH64.hash($0.bindMemory(to: UInt8.self)) }
  }

  private func nonEmpty<Element>(_ list: [Element]?) -> [Element]? {
    guard let list, !list.isEmpty else { return nil }
    return list
  }
}

/// Cover image URLs by cover id, over https, at Open Library's three sizes; fetched by id, the
/// way its covers are meant to be used (by-identifier lookups are rate-limited).
enum OpenLibraryCovers {
  static let host = "https://covers.openlibrary.org"

  /// S (about 40 px wide) for the smallest slot, M (about 180 px) for cards, L for the page.
  /// `default=false`: a cover id without an image answers 404 (the page shows the title card)
  /// rather than Open Library's blank placeholder.
  static func links(id: Int) -> CoverLinks {
    let base = "\(host)/b/id/\(id)"
    let query = "?default=false"
    return CoverLinks(
      smallThumbnail: base + "-S.jpg" + query, thumbnail: base + "-M.jpg" + query,
      medium: base + "-L.jpg" + query,
      large: base + "-L.jpg" + query)
  }
}
