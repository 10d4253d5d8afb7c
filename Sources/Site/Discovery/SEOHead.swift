import Catalog
import Support

/// The `<head>` tags that make a page discoverable: meta description, canonical link, feed and
/// OPDS links, OpenGraph and, on detail pages, schema.org `Book` JSON-LD.
///
/// Built once per site; `bytes` is called per page and returns an HTML fragment whose every
/// value is escaped (the template prints it raw with `{{{page.seoHead}}}`).
struct SEOHead: Sendable {
  let model: SiteModel
  let settings: SiteSettings
  let urls: SiteURLs
  /// One per book, in `model.books` order (`DiscoveryFiles.forEachFile` can reuse them).
  let facts: [BookFacts]
  private let commonLinks: String
  /// `og:locale` (`zh_TW`), when the site's language names a territory.
  private let locale: String?

  /// With `reusing` (facts of the books in this model's order), only the facts of the books in
  /// `changed` are made again.
  init(
    model: SiteModel, settings: SiteSettings, urls: SiteURLs, reusing previous: [BookFacts]? = nil,
    changed: Set<Int32> = []
  ) {
    self.model = model
    self.settings = settings
    self.urls = urls
    facts = BookFacts.all(model: model, urls: urls, reusing: previous, changed: changed)
    locale =
      settings.language.contains("-") ? settings.language.replacingOccurrences(of: "-", with: "_") : nil
    commonLinks =
      SEOHead.tag(
        "link",
        [
          "rel": "alternate", "type": AtomFeed.mediaType, "title": settings.title,
          "href": urls.href(SitePath([], fileName: "feed.xml")),
        ])
      + SEOHead.tag(
        "link",
        [
          "rel": "alternate", "type": OPDSCatalog.navigationType, "title": "OPDS",
          "href": urls.href(OPDSCatalog.root),
        ])
  }

  /// The fragment for one page, as the UTF-8 bytes it was written as: pages copy it into their
  /// output as it is (`MustacheValue.utf8`), and a `String` of it validated every byte again.
  /// `description` is the page's own text as a plain-text summary: a page without one has no
  /// meta description (the site's, repeated on thousands of pages, would say nothing of them).
  func bytes(job: PageJob, description: String?) -> [UInt8] {
    let text = description?.nonEmpty
    // One byte buffer for the whole fragment, values escaped straight into it: joining a
    // string per tag was a tenth of a build, a `JSONValue` tree half of the head.
    var html = JSONWriter()
    html.bytes.reserveCapacity(job.kind.isBook ? 3_072 : 1_024)
    if !job.kind.isInSitemap {
      // A 404 page is served at any address: it must not claim one or be indexed; the search
      // page shows nothing without a query; a card is a part of other sites' pages.
      SEOHead.appendTag("meta", ["name": "robots", "content": "noindex"], to: &html.bytes)
      return html.bytes
    }
    if let text { SEOHead.appendTag("meta", ["name": "description", "content": text], to: &html.bytes) }
    let canonical = canonicalURL(of: job)
    SEOHead.appendTag("link", ["rel": "canonical", "href": canonical], to: &html.bytes)
    // Feed readers and e-reader apps are pointed at the feeds from the pages one subscribes
    // from, not from each book and index page.
    if job.kind.linksFeeds { html.bytes.append(contentsOf: commonLinks.utf8) }
    if case .collection(let index) = job.kind {
      let collection = model.collections[index]
      SEOHead.appendTag(
        "link",
        [
          "rel": "alternate", "type": AtomFeed.mediaType, "title": "\(collection.title) – \(settings.title)",
          "href": urls.href(SitePath([collection.slug], fileName: "feed.xml")),
        ], to: &html.bytes)
    }
    // No `og:description` or `og:url`: they repeated the meta description and the canonical
    // link, which OpenGraph consumers fall back to (a tenth of a book page's head). No
    // `og:title` or `og:site_name` either: link previews fall back to `<title>`, which is the
    // page's title and the site's (`Dune – My books`), 120 B a page. The home page, whose
    // title is the site's alone, names the site.
    if job.kind == .home { SEOHead.appendMeta("og:site_name", settings.title, to: &html.bytes) }
    // OpenGraph wants `language_TERRITORY`; a bare language (`en`) is left to the default.
    if let locale { SEOHead.appendMeta("og:locale", locale, to: &html.bytes) }
    let bookFacts: BookFacts?
    if case .book(let index) = job.kind {
      let facts = self.facts(of: index)
      bookFacts = facts
      SEOHead.appendMeta("og:type", "book", to: &html.bytes)
      // Link previews need the cover; ISBN, authors, date and categories are in the JSON-LD
      // (OpenGraph's book:* tags would repeat them).
      if let image = facts.image { SEOHead.appendMeta("og:image", image, to: &html.bytes) }
    } else {
      bookFacts = nil
      // No `og:type` `website`: OpenGraph treats a page without a type as one, so every index
      // page would repeat it for nothing.
      if let image = listImage(job.kind) { SEOHead.appendMeta("og:image", image, to: &html.bytes) }
    }
    SEOHead.appendTag("meta", ["name": "twitter:card", "content": "summary"], to: &html.bytes)
    if bookFacts != nil || job.kind == .home {
      html.bytes.append(contentsOf: "<script type=\"application/ld+json\">".utf8)
      if let bookFacts {
        BookJSONLD.write(bookFacts, to: &html)
      } else {
        BookJSONLD.writeWebsite(settings: settings, urls: urls, description: text, to: &html)
      }
      html.bytes.append(contentsOf: "</script>\n".utf8)
    }
    return html.bytes
  }

  /// The facts of book `index`, recorded as read by the page being rendered (`BookReads`).
  func facts(of index: Int) -> BookFacts {
    BookReads.note(index)
    return facts[index]
  }

  /// The absolute URL of the page `job` makes: a book's was made with its facts (percent-encoding
  /// its path again, on every page that names it, was a fortieth of rendering it).
  func canonicalURL(of job: PageJob) -> String {
    SEOHead.canonicalURL(of: job, facts: facts, urls: urls)
  }

  /// `canonicalURL(of:)` with the books' `facts` (the sitemap's URLs).
  static func canonicalURL(of job: PageJob, facts: [BookFacts], urls: SiteURLs) -> String {
    if case .book(let index) = job.kind { return facts[index].pageURL }
    return urls.absolute(job.path)
  }

  /// The first cover among a list page's books (link previews look better with one). Not on
  /// term, shelf and series pages: tens of thousands of them (one an author) would repeat their
  /// first card's cover, and a book's cover is not its author's or category's picture.
  private func listImage(_ kind: PageJob.Kind) -> String? {
    let books: [Int]
    switch kind {
    case .home: books = model.recentlyPublished
    case .collection(let index): books = model.collections[index].books
    case .allBooks: books = model.allBooks
    case .term, .collections, .book, .search, .notFound, .tags, .shelves, .shelf, .seriesList, .series,
      .stats,
      .statsYear, .card:
      books = []
    }
    return firstImage(of: books)
  }

  /// The first cover among `books`.
  func firstImage(of books: [Int]) -> String? {
    books.lazy.compactMap { self.facts(of: $0).image }.first
  }

  /// `<name key="value" …>` with escaped values, on its own line.
  static func tag(_ name: String, _ attributes: KeyValuePairs<String, String>) -> String {
    var html: [UInt8] = []
    appendTag(name, attributes, to: &html)
    return String(decoding: html, as: UTF8.self)
  }

  static func appendTag(_ name: String, _ attributes: KeyValuePairs<String, String>, to html: inout [UInt8]) {
    html.append(UInt8(ascii: "<"))
    html.append(contentsOf: name.utf8)
    for (key, value) in attributes {
      html.append(UInt8(ascii: " "))
      html.append(contentsOf: key.utf8)
      html.append(contentsOf: "=\"".utf8)
      MarkupEscaping.append(value, to: &html, .htmlAttribute)
      html.append(UInt8(ascii: "\""))
    }
    html.append(contentsOf: ">\n".utf8)
  }

  /// `<meta property="…" content="…">`, OpenGraph's tag.
  private static func appendMeta(_ property: String, _ content: String, to html: inout [UInt8]) {
    appendTag("meta", ["property": property, "content": content], to: &html)
  }
}
