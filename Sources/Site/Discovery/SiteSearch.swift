import BookRecord
import SearchIndex

/// The search index's adapter: each book of the site model as a source-neutral
/// `SearchDocument`, and the UI strings and facets the browser shows. The only place the site
/// and the `SearchIndex` module meet.
///
/// Primary fields (ranked first): title, subtitle, authors. Secondary: series, ISBNs, publisher,
/// categories, tags, collections, the owner's shelf, the description and the owner's note.
/// Facets: collection, category, language, shelf (when a book is on one), year.
enum SiteSearch {
  /// Google's standard small cover (as `WebLink.cover` leaves it), stored in the index as just
  /// the volume id.
  static let thumbnailTemplate =
    "https://books.google.com/books/content?id={id}&printsec=frontcover&img=1&zoom=1"

  /// The UI strings `search.js` reads from the manifest.
  static let stringKeys = [
    "untitled", "searchCount", "searchCountOne", "searchNone", "searchError", "searchSeeAll", "searchFilters",
    "searchShowMore", "searchShowFewer", "searchClearFilters", "searchLoading", "searchPrompt", "previous",
    "next",
    "pageNumber", "pageOf",
  ]

  /// Hands over the index's files.
  static func forEachFile<Failure: Error>(
    model: SiteModel, facts: [BookFacts], strings: UIStrings, _ emit: (DiscoveryFile) throws(Failure) -> Void
  ) throws(Failure) {
    var options = SearchIndexOptions()
    options.thumbnailTemplate = thumbnailTemplate
    options.facets = [
      SearchFacet(id: "collection", label: strings["collections"]),
      SearchFacet(id: "category", label: strings["categories"]),
      SearchFacet(id: "language", label: strings["language"]),
    ]
    if model.books.contains(where: { $0.reading?.status != nil }) {
      options.facets.append(SearchFacet(id: "shelf", label: strings["shelf"]))
    }
    options.facets.append(SearchFacet(id: "year", label: strings["year"], order: .valueDescending))
    options.strings = Dictionary(uniqueKeysWithValues: stringKeys.map { ($0, strings[$0]) })
    let collections = model.collections.map(\.title)
    let untitled = strings["untitled"]
    let language = strings.language
    let shelf: @Sendable (String) -> String = { [shelfTitles = model.shelfTitles] slug in
      PageContexts.shelfName(slug, shelfTitles: shelfTitles, strings: strings)
    }
    // Named once per language, not once per book.
    let languageNames = Dictionary(
      Set(model.books.compactMap(\.language)).map { ($0, LanguageNames.name(of: $0, in: language)) },
      uniquingKeysWith: { first, _ in first })
    let inputs: @Sendable (Int) -> Inputs = { index in
      Inputs(
        facts[index], collections: collections, untitled: untitled,
        languageName: { languageNames[$0] ?? LanguageNames.name(of: $0, in: language) }, shelf: shelf)
    }
    try SearchIndexWriter.write(
      ids: model.books.map(\.id), options: options, document: { inputs($0).document },
      emit: { (file) throws(Failure) in try emit(DiscoveryFile(path: file.path, bytes: file.bytes)) })
  }

  static func document(
    _ facts: BookFacts, collections: [String], untitled: String, language: UILanguage,
    shelf: (String) -> String
  ) -> SearchDocument {
    Inputs(
      facts, collections: collections, untitled: untitled,
      languageName: { LanguageNames.name(of: $0, in: language) }, shelf: shelf
    ).document
  }

  /// Everything a book's search document is made from.
  struct Inputs {
    var id: String
    var slug: String
    var title: String?
    var untitled: String
    var subtitle: String?
    var authors: [String]
    var series: String?
    var isbn13: String?
    var isbn10: String?
    var publisher: String?
    var categories: [String]
    var tags: [String]
    var collections: [String]
    var shelves: [String]
    var description: String?
    var descriptionFormat: TextFormat
    var note: String?
    var year: String?
    var language: String?
    var thumbnail: String?

    init(
      _ facts: BookFacts, collections: [String], untitled: String, languageName: (String) -> String,
      shelf: (String) -> String
    ) {
      let book = facts.book
      id = book.id
      slug = book.slug
      title = book.title
      self.untitled = untitled
      subtitle = book.subtitle
      authors = book.authors
      series = book.record.series?.name
      isbn13 = book.isbn13
      isbn10 = book.isbn10
      publisher = book.publisher
      categories = facts.categories.map(\.path)
      tags = book.tags
      self.collections = book.collections.map { collections[$0] }
      shelves = book.reading?.status.map { [shelf($0)] } ?? []
      description = book.description
      descriptionFormat = book.descriptionFormat
      // A note that gives the plot away is no search result's snippet.
      note = book.noteSpoiler ? nil : book.note
      year = book.date.map { String($0.year) }
      self.language = book.language.map(languageName)
      thumbnail = facts.thumbnail
    }

    var document: SearchDocument {
      let description =
        description.map { TextFormatting.descriptionText($0, format: descriptionFormat) } ?? ""
      let note = note.map(TextFormatting.markdownPlainText) ?? ""
      var fields: [SearchDocument.Field] = [.init(.primary, title ?? "")]
      if let subtitle { fields.append(.init(.primary, subtitle)) }
      fields += authors.map { .init(.primary, $0) }
      fields +=
        ([series, isbn13, isbn10, publisher].compactMap { $0 } + categories + tags + collections + shelves)
        .map { .init(.secondary, $0) }
      fields += [.init(.secondary, description), .init(.secondary, note)]
      return SearchDocument(
        id: id, fields: fields,
        facets: [
          "collection": collections, "category": categories, "language": language.map { [$0] } ?? [],
          "shelf": shelves, "year": year.map { [$0] } ?? [],
        ],
        display: .init(
          title: title ?? untitled, subtitle: subtitle, authors: authors, url: "books/" + slug + "/",
          thumbnail: thumbnail, detail: year, texts: [description, note])
      )
    }
  }
}
