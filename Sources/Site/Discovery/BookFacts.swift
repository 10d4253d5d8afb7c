import BookRecord
import Support
import Synchronization

/// What feeds, OPDS, SEO tags and the search index say about one book, derived once.
///
/// A class: feeds, OPDS, SEO and the search index pass these around for every book, and copying
/// a reference is one retain where copying the struct would be dozens.
final class BookFacts: Sendable {
  let book: Book
  /// Absolute URL of the book's page.
  let pageURL: String
  /// Site-relative URL of the book's page (`books/dune-abc/`), for the search index.
  let relativeURL: String
  /// The larger https cover the detail page shows (or the owner's), and the width it is
  /// served at (`CoverImage.width(of:)`).
  let image: String?
  let imageWidth: Int
  /// The cover the book cards show: search results and e-readers reuse what browsers cached.
  let thumbnail: String?
  /// webReaderLink, else previewLink (https).
  var previewURL: String? { links.previewURL }
  var buyURL: String? { links.buyURL }
  /// Retail price, else list price.
  var price: Price? { links.price }
  /// The book's page at its primary source (the OPDS acquisition link).
  var sourceURL: String { book.record.provenance.records[0].url ?? "" }
  /// Each source the book's data came from, primary first, and its page for the book when it
  /// has one that may be a link (`sameAs`, the page's attribution); the owner's catalog is no
  /// source. Derived once: the page's attribution and its credit line read them per page.
  var sources: [(source: BookSource, url: String?)] { links.sources }
  /// Each author with the absolute URL of their page.
  let authors: [(name: String, url: String?)]
  /// Each category path as `Fiction / Science Fiction` and its last level.
  let categories: [(path: String, leaf: String)]
  /// `links` once made: nil until something asks.
  private let madeLinks = Mutex<Links?>(nil)

  /// Facts for every book of the model, in `model.books` order, made on every core. Author
  /// page URLs come from the book's terms (no folding of names again).
  /// With `reusing` (facts of the same books in this model's order, whose terms have the same
  /// addresses), only the books in `changed` are made again.
  static func all(
    model: SiteModel, urls: SiteURLs, reusing previous: [BookFacts]? = nil, changed: Set<Int32> = []
  ) -> [BookFacts] {
    // Authors link their pages only where those are built.
    let authorTerms = model.indexPages.contains(.author) ? model.taxonomies[.author]?.terms : nil
    let authorURLs = authorTerms?.indices.map { index in
      model.hasPage(.author, index)
        ? urls.absolute(SitePath([TaxonomyKind.author.folder, authorTerms![index].slug])) : nil
    }
    if var facts = previous {
      for index in changed.map(Int.init) {
        facts[index] = make(index)
      }
      return facts
    }
    return Parallel.map(count: model.books.count, make)
    @Sendable func make(_ index: Int) -> BookFacts {
      let book = model.books[index]
      let terms = model.bookTerms[index].authors
      let authors = book.authors.indices.map { position in
        (
          name: book.authors[position],
          url: position < terms.count ? authorURLs?[terms[position]] ?? nil : nil
        )
      }
      return BookFacts(book: book, urls: urls, authors: authors)
    }
  }

  private init(book: Book, urls: SiteURLs, authors: [(name: String, url: String?)]) {
    self.book = book
    self.authors = authors
    categories = book.categories.compactMap { path in
      let levels = CategoryPath.levels(of: path)
      guard let leaf = levels.last else { return nil }
      return (levels.joined(separator: " / "), leaf)
    }
    let path = SitePath(["books", book.slug])
    relativeURL = path.encodedURLPath
    pageURL = urls.baseURL + relativeURL
    let record = book.record
    thumbnail =
      book.localCover.map { CoverImage.url(of: $0, slot: .card, prefix: urls.baseURL) } ?? book.cover
    if let cover = book.localCover {
      image = CoverImage.url(of: cover, slot: .page, prefix: urls.baseURL)
    } else if let covers = record.covers, book.cover != nil {
      image = WebLink.cover(covers.small ?? covers.medium) ?? book.cover
    } else {
      image = book.cover
    }
    imageWidth = image == book.cover ? book.coverWidth : image.map(CoverImage.width(of:)) ?? 0
  }

  /// The preview, buy and source links and the price, made when first asked for and kept.
  /// Only a book's page (and its JSON-LD) and its OPDS entries show them, and a rebuild writes
  /// those of the few changed books: checking every book's links on every build would be most
  /// of the facts' cost.
  private var links: Links {
    madeLinks.withLock { made in
      if let made { return made }
      let links = Links(book.record)
      made = links
      return links
    }
  }

  /// A class: each read of a link took a copy of all of them (five strings retained and
  /// released) out of the lock.
  private final class Links: Sendable {
    let previewURL: String?
    let buyURL: String?
    let price: Price?
    let sources: [(source: BookSource, url: String?)]

    init(_ record: BookRecord) {
      // The same links the detail page shows (http upgraded to https where the host serves it).
      previewURL = WebLink.link(record.readerLink) ?? WebLink.link(record.previewLink)
      let sale = record.sale
      buyURL = WebLink.link(sale?.buyLink)
      price = sale?.retailPrice ?? sale?.listPrice
      // A book has one to three records: a list is cheaper to search than a set to build.
      var seen = [BookSource.owner.id]
      sources = record.provenance.records.compactMap { record in
        guard !seen.contains(record.source.id) else { return nil }
        seen.append(record.source.id)
        return (record.source, WebLink.link(record.url))
      }
    }
  }

  /// The description as one line of plain text, at most `Book.metaDescriptionLimit` characters.
  var summary: String? { book.metaDescription }

  /// `450`, `12.50`: the amount with two decimals unless whole, for `opds:price` and JSON-LD.
  static func amountText(_ amount: Double) -> String {
    let cents = Int((amount * 100).rounded())
    let fraction = cents % 100
    return fraction == 0 ? String(cents / 100) : "\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// A MIME type for a cover URL: from its extension, else JPEG (what Google serves).
  static func imageType(_ url: String) -> String {
    let path = url.utf8.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
    // Compares ASCII case-insensitively without lower-casing (and copying) the URL.
    func hasExtension(_ name: StaticString) -> Bool {
      let suffix = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
      return path.count >= suffix.count
        && zip(path.suffix(suffix.count), suffix).allSatisfy { $0 | 0x20 == $1 }
    }
    if hasExtension(".png") { return "image/png" }
    if hasExtension(".webp") { return "image/webp" }
    if hasExtension(".gif") { return "image/gif" }
    if hasExtension(".svg") { return "image/svg+xml" }
    return "image/jpeg"
  }
}

extension SiteModel {
  /// Books with a date newest first, then undated books in title order.
  var newestFirst: [Int] {
    let dated = Set(recentlyPublished)
    return recentlyPublished + books.indices.filter { !dated.contains($0) }
  }
}
