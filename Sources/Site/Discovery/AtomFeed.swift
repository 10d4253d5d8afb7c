import BookRecord
import Catalog
import Support

/// Atom (RFC 4287) feeds: `feed.xml` for the catalog and `<collection>/feed.xml` per collection,
/// each with the newest books. Also writes the entries of the OPDS catalog, which is Atom too.
struct AtomFeed: Sendable {
  let model: SiteModel
  let settings: SiteSettings
  let urls: SiteURLs
  let strings: UIStrings
  let options: DiscoveryOptions
  /// One per book, in `model.books` order.
  let facts: [BookFacts]

  static let namespace = "http://www.w3.org/2005/Atom"
  static let mediaType = "application/atom+xml"

  /// The catalog feed and one feed per collection, each passed to `emit` as soon as it is made.
  func forEachFile<Failure: Error>(_ emit: (DiscoveryFile) throws(Failure) -> Void) throws(Failure) {
    let newest = model.newestFirst
    try emit(
      feed(
        path: SitePath([], fileName: "feed.xml"), title: settings.title, alternate: .root,
        books: Array(newest.prefix(options.feedEntryLimit))))
    var rank = [Int](repeating: 0, count: model.books.count)
    for (position, book) in newest.enumerated() { rank[book] = position }
    for collection in model.collections {
      let books = collection.books.sorted { rank[$0] < rank[$1] }.prefix(options.feedEntryLimit)
      try emit(
        feed(
          path: SitePath([collection.slug], fileName: "feed.xml"),
          title: "\(collection.title) – \(settings.title)", alternate: SitePath([collection.slug]),
          books: Array(books)))
    }
  }

  private func feed(path: SitePath, title: String, alternate: SitePath, books: [Int]) -> DiscoveryFile {
    var xml = XMLWriter()
    xml.open("feed", ["xmlns": AtomFeed.namespace, "xml:lang": settings.language])
    xml.element("id", urls.absolute(path))
    xml.element("title", title)
    if let subtitle = settings.description.map({ TextFormatting.markdownText($0, limit: 300) })?.nonEmpty,
      path.segments.isEmpty
    {
      xml.element("subtitle", subtitle)
    }
    xml.element("updated", updated(of: books))
    writeFeedAuthor(into: &xml)
    xml.link(rel: "self", type: AtomFeed.mediaType, href: urls.absolute(path))
    xml.link(rel: "alternate", type: "text/html", href: urls.absolute(alternate))
    xml.element("generator", "bookgen")
    for index in books {
      xml.open("entry")
      writeEntryBody(facts[index], into: &xml)
      xml.close("entry")
    }
    xml.close("feed")
    return DiscoveryFile(path: path.relativeFilePath.joined(separator: "/"), bytes: xml.bytes)
  }

  /// `SOURCE_DATE_EPOCH` when set, else the newest publication date among `books`, else the
  /// epoch itself: never the clock, so rebuilds are byte-identical.
  func updated(of books: [Int]) -> String {
    if let epoch = options.sourceDateEpoch { return UTCTime.rfc3339(epochSeconds: epoch) }
    // A loop, not `compactMap(…).max()`: feeds ask this of every collection's books.
    var newest: BookDate?
    for index in books {
      guard let date = model.books[index].date else { continue }
      if newest.map({ $0 < date }) ?? true { newest = date }
    }
    guard let newest else { return UTCTime.rfc3339(epochSeconds: 0) }
    return newest.rfc3339
  }

  /// A feed needs an author unless every entry has one; the site's author, else its title.
  func writeFeedAuthor(into xml: inout XMLWriter) {
    xml.open("author")
    xml.element("name", settings.author?.nonEmpty ?? settings.title)
    xml.element("uri", urls.baseURL)
    xml.close("author")
  }

  /// The elements Atom entries and OPDS entries share: id, title, updated, authors, summary and
  /// the link to the book's page. `lean` (OPDS) leaves out what catalog clients do not list (author
  /// pages, categories): each book is in several feeds there, so each byte counts several times.
  func writeEntryBody(_ facts: BookFacts, into xml: inout XMLWriter, lean: Bool = false) {
    let book = facts.book
    xml.element("id", facts.pageURL)
    xml.element("title", book.title ?? book.id)
    if let date = book.date {
      xml.element("updated", date: date, time: true)
    } else {
      xml.element("updated", updated(of: []))
    }
    for author in facts.authors {
      xml.open("author")
      xml.element("name", author.name)
      if !lean, let uri = author.url { xml.element("uri", uri) }
      xml.close("author")
    }
    if !lean {
      for category in facts.categories {
        // A label the same as the term says nothing more (a one-level category).
        if category.leaf == category.path {
          xml.empty("category", ["term": category.path])
        } else {
          xml.empty("category", ["term": category.path, "label": category.leaf])
        }
      }
    }
    // Atom's default type is text (RFC 4287, 3.1.1).
    if let summary = facts.summary { xml.element("summary", summary) }
    // In OPDS the page's address is root-relative, as OPDS catalogs' links commonly are (the
    // client resolves it against the feed's): the entry's id is already the absolute one.
    // Feed readers copy entries elsewhere, so a feed's links stay absolute.
    if lean {
      xml.link(rel: "alternate", type: "text/html", href: urls.pathPrefix, facts.relativeURL)
    } else {
      xml.link(rel: "alternate", type: "text/html", href: facts.pageURL)
    }
  }
}
