import Catalog
import Mustache
import Support

/// Builds the template context of every page from the site model.
///
/// Shared parts (site header data, UI strings, book hrefs, rendered collection descriptions) are
/// built once; each page adds its own fields. All hrefs come from `urls`, so they carry the base
/// URL's path prefix.
final class PageContexts: Sendable {
  let model: SiteModel
  let settings: SiteSettings
  let urls: SiteURLs
  let strings: UIStrings
  let perPage: Int
  /// The `<head>` metadata (description, canonical, OpenGraph, JSON-LD) of each page.
  let seo: SEOHead
  /// `site` and `t`, the same on every page.
  private let shared: [String: ContextValue]
  /// Each collection's description as HTML.
  let collectionDescriptions: [String?]
  /// Each collection's href, for the header and every book page that lists it.
  let collectionHrefs: [String]
  /// `seo.facts`, read through `facts(of:)`.
  private let facts: [BookFacts]
  /// Every term's href, built once rather than on each page that links it; kinds without index
  /// pages have no hrefs, nor terms without a page (`SiteModel.hasPage`).
  let termHrefs: [TaxonomyKind: [String?]]
  /// The display name of each language code the books use, looked up once per code.
  let languageNames: [String: String]

  /// Number of covers each collection shows on the home page, and of recent books.
  static let homeCollectionCovers = 6
  static let homeRecentBooks = 8

  /// The stylesheet a site may add beside the theme's, `templates/assets/custom.css`: linked
  /// from every page (`site.customStylesheetHref`) when the site has one.
  static let customStylesheet = "custom.css"

  /// With `reusing` (each book's facts from the last model, in this one's order, all but those of
  /// the books in `changed` still true), only those books' facts are made again.
  init(
    model: SiteModel, settings: SiteSettings, urls: SiteURLs, strings: UIStrings,
    customStylesheet: Bool = false, reusing facts: [BookFacts]? = nil, changed: Set<Int32> = []
  ) {
    self.model = model
    self.settings = settings
    self.urls = urls
    self.strings = strings
    self.perPage = max(1, settings.booksPerPage)
    let seo = SEOHead(model: model, settings: settings, urls: urls, reusing: facts, changed: changed)
    self.seo = seo
    self.facts = seo.facts
    let collectionHrefs = model.collections.map { urls.href(SitePath([$0.slug])) }
    self.collectionHrefs = collectionHrefs
    let navigation: [ContextValue] = model.collections.indices.map { index in
      ["title": .string(model.collections[index].title), "href": .string(collectionHrefs[index])]
    }
    let site: ContextValue = [
      "title": .string(settings.title),
      "language": .string(settings.language),
      "author": .optional(settings.author.nonEmpty),
      "baseURL": .string(urls.baseURL),
      "homeHref": .string(urls.href(.root)),
      "allBooksHref": .string(urls.href(SitePath(["books"]))),
      "searchHref": .string(urls.href(SitePath(["books"]))),
      "searchPageHref": .string(urls.href(SitePath(["search"]))),
      "stylesheetHref": .string(urls.href(SitePath(["assets"], fileName: "style.css"))),
      "assetsHref": .string(urls.href(SitePath(["assets"]))),
      "customStylesheetHref": .optional(
        customStylesheet ? urls.href(SitePath(["assets"], fileName: Self.customStylesheet)) : nil),
      "collections": .list(navigation),
      // The header links every collection, or past the limit the page that lists them all.
      "headerCollections": .list(model.hasCollectionsPage ? [] : navigation),
      "collectionsHref": .optional(model.hasCollectionsPage ? urls.href(PageJob.collectionsPath) : nil),
      "bookCount": .int(model.books.count),
      "statsHref": .optional(model.readingStats == nil ? nil : urls.href(PageJob.statsPath)),
    ]
    // Objects, not maps: every page looks in them dozens of times, and a shape's slot is
    // found without hashing the name.
    shared = [
      "site": MustacheValue(object: site.fields),
      "t": MustacheValue(object: strings.values.mapValues(ContextValue.string)),
    ]
    collectionDescriptions = model.collections.map {
      $0.description.nonEmpty.map(TextFormatting.markdownHTML)
    }
    self.termHrefs = model.taxonomies.filter { model.indexPages.contains($0.key) }.mapValues { taxonomy in
      taxonomy.terms.indices.map { index in
        model.hasPage(taxonomy.kind, index)
          ? urls.href(SitePath([taxonomy.kind.folder, taxonomy.terms[index].slug])) : nil
      }
    }
    var languageNames: [String: String] = [:]
    for index in model.books.indices {
      guard let code = model.books[index].language, languageNames[code] == nil else { continue }
      languageNames[code] = LanguageNames.name(of: code, in: strings.language)
    }
    self.languageNames = languageNames
  }

  /// Book `index` of the model, recorded as read by the page being rendered (`BookReads`).
  func book(_ index: Int) -> Book {
    BookReads.note(index)
    return model.books[index]
  }

  /// The href of book `index`'s page: its path was encoded with its facts, and `urls.href` of it
  /// is the prefix and that path. Joined when a page links it: a string per book, held for the
  /// whole build, would add to the search stage's memory peak.
  func bookHref(_ index: Int) -> String { urls.pathPrefix + facts(of: index).relativeURL }

  /// The facts of book `index` (`seo`'s), recorded as read by the page being rendered. Read
  /// from this class's own array: calling `seo.facts(of:)` took a copy of the whole `SEOHead`.
  func facts(of index: Int) -> BookFacts {
    BookReads.note(index)
    return facts[index]
  }

  /// The card of book `index` as list pages show it (`lazy`: its cover loads when scrolled
  /// near). Made when a page needs it: a card is cheap, and holding one per book would grow
  /// memory with the catalog.
  func card(_ index: Int, lazy: Bool = true) -> ContextValue {
    .object(CardView(self, index, lazy: lazy))
  }

  /// The cards of `books`; with `eager`, the first row's covers load at once (they are in view
  /// when the page opens) and the rest lazily.
  func cards(_ books: ArraySlice<Int>, eager: Bool) -> [ContextValue] {
    books.enumerated().map { position, index in
      card(index, lazy: !eager || position >= PageContexts.eagerCovers)
    }
  }

  /// Covers a page loads at once: a first row of the book grid at desktop width.
  static let eagerCovers = 6

  /// A book's Markdown and description rendered to HTML and text, the page's costliest part.
  struct BookTexts: Sendable {
    /// Valid UTF-8, as `MustacheValue.utf8` wants it.
    var descriptionHTML: [UInt8]?
    var noteHTML: String?
    /// The plain-text summary for the meta description.
    var summary: String?
  }

  func bookTexts(_ index: Int) -> BookTexts {
    let book = book(index)
    return BookTexts(
      descriptionHTML: book.description.map {
        TextFormatting.descriptionHTML($0, format: book.descriptionFormat)
      },
      noteHTML: book.note.map { note in
        let html = TextFormatting.markdownHTML(note)
        guard book.noteSpoiler else { return html }
        return "<details class=\"spoiler\"><summary>" + MarkupEscaping.escape(strings["spoilerShow"], .html)
          + "</summary>" + html + "</details>"
      },
      summary: book.metaDescription)
  }

  /// The full context of one page (`texts`: the book's, when the caller rendered them already).
  func context(for job: PageJob, texts: BookTexts? = nil) -> ContextValue {
    // Sized for the page's own fields up front: growing a two-entry copy would rehash it.
    var fields = [String: ContextValue](minimumCapacity: shared.count + 8)
    for (key, value) in shared { fields[key] = value }
    switch job.kind {
    case .home:
      fields.merge(homeFields()) { _, new in new }
      fields["page"] = pageFields(
        title: settings.title, job: job,
        description: settings.description.map {
          TextFormatting.markdownText($0, limit: Book.metaDescriptionLimit)
        })
    case .collections:
      fields.merge(collectionsFields()) { _, new in new }
      fields["page"] = pageFields(title: strings["collections"], job: job, description: nil)
    case .collection(let index):
      let collection = model.collections[index]
      fields.merge(collectionFields(index, page: job.page)) { _, new in new }
      fields["page"] = pageFields(
        title: listTitle(collection.title, page: job.page), job: job,
        description: collection.description.map {
          TextFormatting.markdownText($0, limit: Book.metaDescriptionLimit)
        })
    case .book(let index):
      // Most pages of a site are a book's: their root is an object of one shape, so names
      // looked up from it (`t.…`, `site.…`) find it by slot, and no dictionary is built.
      let texts = texts ?? bookTexts(index)
      return Self.bookPageShape.object([
        shared["site"], shared["t"], .object(BookView(self, index, texts: texts)),
        pageFields(
          title: book(index).title ?? strings["untitled"], job: job, description: texts.summary),
      ])
    case .allBooks:
      fields.merge(allBooksFields(page: job.page)) { _, new in new }
      fields["page"] = pageFields(
        title: listTitle(strings["allBooks"], page: job.page), job: job, description: nil)
    case .term(let kind, let index):
      let term = model.taxonomies[kind]!.terms[index]
      fields.merge(termFields(kind, index, page: job.page)) { _, new in new }
      fields["page"] = pageFields(title: listTitle(term.name, page: job.page), job: job, description: nil)
    case .tags:
      fields.merge(tagsFields()) { _, new in new }
      fields["page"] = pageFields(title: strings["tags"], job: job, description: nil)
    case .shelves:
      fields.merge(shelvesFields()) { _, new in new }
      fields["page"] = pageFields(title: strings["shelves"], job: job, description: nil)
    case .shelf(let index):
      let shelf = model.shelves[index]
      fields.merge(shelfFields(index, page: job.page)) { _, new in new }
      fields["page"] = pageFields(
        title: listTitle(shelfName(shelf.slug), page: job.page), job: job,
        description: shelf.description.map {
          TextFormatting.markdownText($0, limit: Book.metaDescriptionLimit)
        })
    case .seriesList:
      fields.merge(seriesListFields()) { _, new in new }
      fields["page"] = pageFields(title: strings["series"], job: job, description: nil)
    case .series(let index):
      fields.merge(seriesPageFields(index, page: job.page)) { _, new in new }
      fields["page"] = pageFields(
        title: listTitle(model.series[index].name, page: job.page), job: job, description: nil)
    case .search:
      fields["page"] = pageFields(title: strings["searchResults"], job: job, description: nil)
    case .notFound:
      fields["page"] = pageFields(title: strings["notFoundTitle"], job: job, description: nil)
    case .stats:
      fields["stats"] = statsFields()
      fields["page"] = pageFields(title: strings["statsTitle"], job: job, description: nil)
    case .statsYear(let index):
      let year = model.readingStats!.years[index]
      fields["stats"] = statsYearFields(index)
      fields["page"] = pageFields(
        title: strings.format("statsYearTitle", ["year": String(year.year)]), job: job, description: nil)
    case .card(let index):
      fields["card"] = cardFields(index)
      fields["page"] = pageFields(
        title: book(index).title ?? strings["untitled"], job: job, description: nil)
    }
    return .map(fields)
  }

  /// The root of a book page: `site`, `t`, `book` and `page`.
  static let bookPageShape = MustacheShape(["site", "t", "book", "page"])

  /// `page`: the document title, canonical URL and meta description (plain text).
  private func pageFields(title: String, job: PageJob, description: String?) -> ContextValue {
    let isHome = job.kind == .home
    return Self.pageShape.object([
      "title": .string(title),
      "documentTitle": .string(isHome ? settings.title : "\(title) – \(settings.title)"),
      "canonicalURL": .string(seo.canonicalURL(of: job)),
      "description": .optional(description.nonEmpty),
      "kind": .string(job.template),
      "isHome": .bool(isHome),
      // The footer leaves out the data attribution a book page already shows.
      "isBook": .bool(job.kind.isBook),
      "seoHead": .utf8(seo.bytes(job: job, description: description.nonEmpty)),
    ])
  }

  static let pageShape = MustacheShape([
    "title", "documentTitle", "canonicalURL", "description", "kind", "isHome", "isBook", "seoHead",
  ])

  private func listTitle(_ title: String, page: Int) -> String {
    page > 1 ? "\(title) (\(strings.format("pageNumber", ["number": String(page)])))" : title
  }

  /// `3 books` / `1 book`, localized.
  func countText(_ count: Int) -> String {
    count == 1 ? strings["bookCountOne"] : strings.format("bookCount", ["count": NumberText.grouped(count)])
  }
}
