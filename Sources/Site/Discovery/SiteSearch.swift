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
    try SearchIndexWriter.write(
      ids: model.books.map(\.id), options: options,
      document: {
        document(
          facts[$0], collections: collections, untitled: untitled,
          languageName: { languageNames[$0] ?? LanguageNames.name(of: $0, in: language) }, shelf: shelf)
      },
      emit: { (file) throws(Failure) in try emit(DiscoveryFile(path: file.path, bytes: file.bytes)) })
  }

  /// Book `facts.book`'s search document; `collections` are the collections' titles,
  /// `languageName` and `shelf` name a language code and a shelf slug.
  static func document(
    _ facts: BookFacts, collections: [String], untitled: String, languageName: (String) -> String,
    shelf: (String) -> String
  ) -> SearchDocument {
    let book = facts.book
    let title = book.title
    let categories = facts.categories.map(\.path)
    let collections = book.collections.map { collections[$0] }
    let shelves = book.reading?.status.map { [shelf($0)] } ?? []
    let year = book.date.map { String($0.year) }
    let description = book.description.map {
      TextFormatting.descriptionSearchText(
        $0, format: book.descriptionFormat, characters: SearchIndexOptions.excerptSourceLimit)
    }
    // A note that gives the plot away is no search result's snippet.
    let note = (book.noteSpoiler ? nil : book.note).map(TextFormatting.markdownPlainText) ?? ""
    var fields: [SearchDocument.Field] = [.init(.primary, title ?? "")]
    if let subtitle = book.subtitle { fields.append(.init(.primary, subtitle)) }
    fields += book.authors.map { .init(.primary, $0) }
    fields +=
      ([book.record.series?.name, book.isbn13, book.isbn10, book.publisher].compactMap { $0 } + categories
      + book.tags + collections + shelves)
      .map { .init(.secondary, $0) }
    fields += [.init(.secondary, description?.words ?? ""), .init(.secondary, note)]
    return SearchDocument(
      id: book.id, fields: fields,
      facets: [
        "collection": collections, "category": categories,
        "language": book.language.map { [languageName($0)] } ?? [], "shelf": shelves,
        "year": year.map { [$0] } ?? [],
      ],
      display: .init(
        title: title ?? untitled, subtitle: book.subtitle, authors: book.authors,
        url: "books/" + book.slug + "/",
        thumbnail: facts.thumbnail, detail: year, texts: [description?.start ?? "", note]))
  }
}
