import Catalog

/// Builds the template context of every page from the site model.
///
/// Shared parts (site header data, UI strings, book cards, rendered collection descriptions) are
/// built once; each page adds its own fields. All hrefs come from `urls`, so they carry the base
/// URL's path prefix.
struct PageContexts: Sendable {
  let model: SiteModel
  let settings: SiteSettings
  let urls: SiteURLs
  let strings: UIStrings
  let perPage: Int
  /// The `<head>` metadata (description, canonical, OpenGraph, JSON-LD) of each page.
  let seo: SEOHead
  /// `site` and `t`, the same on every page.
  private let shared: [String: ContextValue]
  /// One card per book, in `model.books` order.
  let cards: [ContextValue]
  /// Each collection's description as HTML.
  let collectionDescriptions: [String?]

  /// Number of covers each collection shows on the home page, and of recent books.
  static let homeCollectionCovers = 6
  static let homeRecentBooks = 8

  init(model: SiteModel, settings: SiteSettings, urls: SiteURLs, strings: UIStrings) {
    self.model = model
    self.settings = settings
    self.urls = urls
    self.strings = strings
    self.perPage = max(1, settings.booksPerPage)
    self.seo = SEOHead(model: model, settings: settings, urls: urls)
    let navigation: [ContextValue] = model.collections.map { collection in
      ["title": .string(collection.title), "href": .string(urls.href(SitePath([collection.slug])))]
    }
    let site: ContextValue = [
      "title": .string(settings.title),
      "language": .string(settings.language),
      "author": .optional(settings.author.nonEmpty),
      "baseURL": .string(urls.baseURL),
      "homeHref": .string(urls.href(.root)),
      "allBooksHref": .string(urls.href(SitePath(["books"]))),
      "searchHref": .string(urls.href(SitePath(["books"]))),
      "stylesheetHref": .string(urls.href(SitePath(["assets"], fileName: "style.css"))),
      "assetsHref": .string(urls.href(SitePath(["assets"]))),
      "collections": .list(navigation),
      "bookCount": .int(model.books.count),
    ]
    shared = ["site": site, "t": .map(strings.values.mapValues(ContextValue.string))]
    collectionDescriptions = model.collections.map {
      $0.description.nonEmpty.map(TextFormatting.markdownHTML)
    }
    var cards: [ContextValue] = []
    cards.reserveCapacity(model.books.count)
    for book in model.books {
      cards.append(PageContexts.card(for: book, urls: urls, strings: strings))
    }
    self.cards = cards
  }

  /// The full context of one page.
  func context(for job: PageJob) -> ContextValue {
    var fields = shared
    switch job.kind {
    case .home:
      fields.merge(homeFields()) { _, new in new }
      fields["page"] = pageFields(
        title: settings.title, job: job,
        description: settings.description.map { TextFormatting.markdownText($0, limit: 160) })
    case .collection(let index):
      let collection = model.collections[index]
      fields.merge(collectionFields(index, page: job.page)) { _, new in new }
      fields["page"] = pageFields(
        title: listTitle(collection.title, page: job.page), job: job,
        description: collection.description.map { TextFormatting.markdownText($0, limit: 160) })
    case .book(let index):
      let book = model.books[index]
      fields["book"] = bookFields(index)
      fields["page"] = pageFields(
        title: book.title ?? strings["untitled"], job: job,
        description: book.description.map { TextFormatting.descriptionText($0, limit: 160) })
    case .allBooks:
      fields.merge(allBooksFields(page: job.page)) { _, new in new }
      fields["page"] = pageFields(
        title: listTitle(strings["allBooks"], page: job.page), job: job, description: nil)
    case .term(let kind, let index):
      let term = model.taxonomies[kind]!.terms[index]
      fields.merge(termFields(kind, index, page: job.page)) { _, new in new }
      fields["page"] = pageFields(title: listTitle(term.name, page: job.page), job: job, description: nil)
    case .notFound:
      fields["page"] = pageFields(title: strings["notFoundTitle"], job: job, description: nil)
    }
    return .map(fields)
  }

  /// `page`: the document title, canonical URL and meta description (plain text).
  private func pageFields(title: String, job: PageJob, description: String?) -> ContextValue {
    let isHome = job.kind == .home
    return [
      "title": .string(title),
      "documentTitle": .string(isHome ? settings.title : "\(title) – \(settings.title)"),
      "canonicalURL": .string(urls.absolute(job.path)),
      "description": .optional(description.nonEmpty),
      "kind": .string(job.template),
      "isHome": .bool(isHome),
      "seoHead": .string(seo.render(job: job, title: title, description: description.nonEmpty)),
    ]
  }

  private func listTitle(_ title: String, page: Int) -> String {
    page > 1 ? "\(title) (\(strings.format("pageNumber", ["number": String(page)])))" : title
  }

  /// `3 books` / `1 book`, localized.
  func countText(_ count: Int) -> String {
    count == 1 ? strings["bookCountOne"] : strings.format("bookCount", ["count": NumberText.grouped(count)])
  }
}
