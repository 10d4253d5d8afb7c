import Foundation
import Support

/// An OPDS 1.2 catalog under `opds/`: a navigation feed at `opds/index.xml` leading to an
/// acquisition feed per collection (`opds/collections/<slug>/`) and, with
/// `site.opds_all_books`, one of all books (`opds/books/`), each paginated as `index.xml`,
/// `page-2.xml`, ….
struct OPDSCatalog: Sendable {
  let feed: AtomFeed

  static let navigationType = "application/atom+xml;profile=opds-catalog;kind=navigation"
  static let acquisitionType = "application/atom+xml;profile=opds-catalog;kind=acquisition"
  static let root = SitePath(["opds"], fileName: "index.xml")

  private var model: SiteModel { feed.model }
  private var urls: SiteURLs { feed.urls }

  /// A feed of books the navigation feed leads to: all books, or a collection's.
  private struct Section {
    let title: String
    let folder: [String]
    let books: [Int]
    /// The newest of `books`' dates, found once for the navigation feed and every page.
    let updated: String
  }

  /// Every file of the catalog, each passed to `emit` as soon as it is written (a large
  /// catalog's feeds are not all held at once).
  func forEachFile<Failure: Error>(_ emit: (DiscoveryFile) throws(Failure) -> Void) throws(Failure) {
    // The collections' feeds list every book: a feed of all of them doubles the catalog's
    // bytes, so it is there only when asked for.
    var sections: [Section] = []
    if feed.settings.opdsAllBooks {
      sections.append(section(feed.strings["allBooks"], ["opds", "books"], model.allBooks))
    }
    for collection in model.collections {
      sections.append(section(collection.title, ["opds", "collections", collection.slug], collection.books))
    }
    // Entries are written page by page, as each feed page needs them: a book is written once
    // per feed that lists it, but a large catalog's entries are never all held at once (they
    // would grow memory with the catalog). Discovery runs beside the pages, where this costs no time.
    try emit(navigationFeed(sections))
    for section in sections { try acquisitionFeeds(section, emit: emit) }
  }

  private func section(_ title: String, _ folder: [String], _ books: [Int]) -> Section {
    Section(title: title, folder: folder, books: books, updated: feed.updated(of: books))
  }

  private func navigationFeed(_ sections: [Section]) -> DiscoveryFile {
    var xml = XMLWriter()
    xml.open("feed", OPDSCatalog.namespaces(language: feed.settings.language))
    xml.element("id", urls.absolute(OPDSCatalog.root))
    xml.element("title", feed.settings.title)
    let updated = feed.updated(of: model.allBooks)
    xml.element("updated", updated)
    feed.writeFeedAuthor(into: &xml)
    writeLink(into: &xml, rel: "self", path: OPDSCatalog.root, type: OPDSCatalog.navigationType)
    writeLink(into: &xml, rel: "start", path: OPDSCatalog.root, type: OPDSCatalog.navigationType)
    xml.link(rel: "alternate", type: "text/html", href: urls.absolute(.root))
    for section in sections {
      let path = SitePath(section.folder, fileName: "index.xml")
      xml.open("entry")
      xml.element("id", urls.absolute(path))
      xml.element("title", section.title)
      xml.element("updated", section.updated)
      xml.element("content", countText(section.books.count), ["type": "text"])
      writeLink(into: &xml, rel: "subsection", path: path, type: OPDSCatalog.acquisitionType)
      xml.close("entry")
    }
    xml.close("feed")
    return DiscoveryFile(path: OPDSCatalog.root.relativeFilePath.joined(separator: "/"), bytes: xml.bytes)
  }

  private func acquisitionFeeds<Failure: Error>(
    _ section: Section, emit: (DiscoveryFile) throws(Failure) -> Void
  ) throws(Failure) {
    let (folder, title, books, updated) = (section.folder, section.title, section.books, section.updated)
    let size = max(1, feed.options.opdsPageSize)
    let pageCount = max(1, (books.count + size - 1) / size)
    let path = { @Sendable (page: Int) -> SitePath in
      SitePath(folder, fileName: page == 1 ? "index.xml" : "page-\(page).xml")
    }
    // Pages are written a group at a time on every core, then handed on in order: only one
    // group is held at once.
    let group = 4 * Parallel.coreCount
    for first in stride(from: 1, through: pageCount, by: group) {
      let pages = Array(first...min(pageCount, first + group - 1))
      let files = Parallel.map(count: pages.count, minimumChunk: 1) { index in
        page(
          pages[index], of: pageCount, title: title, books: books, size: size, updated: updated, path: path)
      }
      for file in files { try emit(file) }
    }
  }

  /// Page `page` of an acquisition feed.
  private func page(
    _ page: Int, of pageCount: Int, title: String, books: [Int], size: Int, updated: String,
    path: (Int) -> SitePath
  ) -> DiscoveryFile {
    let members = books[min(books.count, (page - 1) * size)..<min(books.count, page * size)]
    var xml = XMLWriter()
    xml.open("feed", OPDSCatalog.namespaces(language: feed.settings.language))
    xml.element("id", urls.absolute(path(page)))
    xml.element("title", pageCount > 1 ? "\(title) (\(page)/\(pageCount))" : title)
    xml.element("updated", updated)
    feed.writeFeedAuthor(into: &xml)
    writeLink(into: &xml, rel: "self", path: path(page), type: OPDSCatalog.acquisitionType)
    writeLink(into: &xml, rel: "start", path: OPDSCatalog.root, type: OPDSCatalog.navigationType)
    writeLink(into: &xml, rel: "up", path: OPDSCatalog.root, type: OPDSCatalog.navigationType)
    if pageCount > 1 {
      writeLink(into: &xml, rel: "first", path: path(1), type: OPDSCatalog.acquisitionType)
      if page > 1 {
        writeLink(into: &xml, rel: "previous", path: path(page - 1), type: OPDSCatalog.acquisitionType)
      }
      if page < pageCount {
        writeLink(into: &xml, rel: "next", path: path(page + 1), type: OPDSCatalog.acquisitionType)
      }
      writeLink(into: &xml, rel: "last", path: path(pageCount), type: OPDSCatalog.acquisitionType)
    }
    for index in members {
      xml.open("entry")
      writeEntry(feed.facts[index], into: &xml)
      xml.close("entry")
    }
    xml.close("feed")
    return DiscoveryFile(path: path(page).relativeFilePath.joined(separator: "/"), bytes: xml.bytes)
  }

  /// An OPDS catalog entry, only what OPDS 1.2 clients show: the lean Atom entry, language and
  /// date, cover links and the acquisition links (sample = preview, buy with its price; the
  /// Google Books page otherwise, since every OPDS entry needs at least one acquisition link).
  /// Publisher, ISBN and categories are on the book's page (the alternate link).
  private func writeEntry(_ facts: BookFacts, into xml: inout XMLWriter) {
    let book = facts.book
    feed.writeEntryBody(facts, into: &xml, lean: true)
    if let language = book.language { xml.element("dc:language", language) }
    if let date = book.date { xml.element("dc:issued", date: date, time: false) }
    if let image = facts.image {
      xml.link(rel: "http://opds-spec.org/image", type: BookFacts.imageType(image), href: image)
    }
    // A thumbnail that is the image itself says nothing more (most Google records have one size).
    if let thumbnail = facts.thumbnail, thumbnail != facts.image {
      xml.link(
        rel: "http://opds-spec.org/image/thumbnail", type: BookFacts.imageType(thumbnail), href: thumbnail)
    }
    if let preview = facts.previewURL {
      xml.link(rel: "http://opds-spec.org/acquisition/sample", type: "text/html", href: preview)
    }
    if let buy = facts.buyURL {
      if let price = facts.price, book.record.sale?.saleability != .free {
        xml.open("link", ["rel": "http://opds-spec.org/acquisition/buy", "type": "text/html", "href": buy])
        xml.element("opds:price", BookFacts.amountText(price.amount), ["currencycode": price.currencyCode])
        xml.close("link")
      } else {
        xml.link(rel: "http://opds-spec.org/acquisition", type: "text/html", href: buy)
      }
    }
    if facts.previewURL == nil && facts.buyURL == nil {
      // A book only an export knows has no source page: its own page stands in.
      xml.link(
        rel: "http://opds-spec.org/acquisition", type: "text/html",
        href: facts.sourceURL.isEmpty ? facts.pageURL : facts.sourceURL)
    }
  }

  private func countText(_ count: Int) -> String {
    count == 1
      ? feed.strings["bookCountOne"]
      : feed.strings.format("bookCount", ["count": NumberText.grouped(count)])
  }

  private func writeLink(into xml: inout XMLWriter, rel: String, path: SitePath, type: String) {
    xml.link(rel: rel, type: type, href: urls.absolute(path))
  }

  static func namespaces(language: String) -> KeyValuePairs<String, String> {
    [
      "xmlns": AtomFeed.namespace, "xmlns:dc": "http://purl.org/dc/terms/",
      "xmlns:opds": "http://opds-spec.org/2010/catalog", "xml:lang": language,
    ]
  }
}
