import BookRecord
import Catalog
import Support

/// schema.org structured data as JSON-LD: `Book` with its `Offer` on detail pages, `WebSite` on
/// the home page.
enum BookJSONLD {
  static func make(_ facts: BookFacts) -> JSONValue {
    let book = facts.book
    // No `url` or `image`: the page's canonical link and `og:image` say them (structured data
    // describes the page it is on), 180 B a book page.
    var fields: [(String, JSONValue)] = [
      ("@context", .string("https://schema.org")), ("@type", .string("Book")),
      ("name", .string(book.title ?? book.id)),
    ]
    if let subtitle = book.subtitle { fields.append(("alternativeHeadline", .string(subtitle))) }
    if !facts.authors.isEmpty {
      let people: [JSONValue] = facts.authors.map { author in
        var person: [(String, JSONValue)] = [("@type", .string("Person")), ("name", .string(author.name))]
        if let url = author.url { person.append(("url", .string(url))) }
        return .object(person)
      }
      fields.append(("author", .array(people)))
    }
    if let isbn = book.isbn13 { fields.append(("isbn", .string(isbn))) }
    if let pages = book.pageCount { fields.append(("numberOfPages", .int(pages))) }
    if let date = book.date { fields.append(("datePublished", .string(date.isoString))) }
    if let language = book.language { fields.append(("inLanguage", .string(language))) }
    if let publisher = book.publisher {
      fields.append(
        ("publisher", .object([("@type", .string("Organization")), ("name", .string(publisher))])))
    }
    // No `description`: the page holds it in full and the meta description, two lines up, its
    // summary (search engines show no more); a third copy cost 15 MB at 100,000 books.
    if !facts.categories.isEmpty {
      fields.append(("genre", .array(facts.categories.map { .string($0.leaf) })))
    }
    if let series = book.record.series, let name = series.name.nonEmpty {
      fields.append(("isPartOf", .object([("@type", .string("BookSeries")), ("name", .string(name))])))
    }
    if let offer = offer(facts) { fields.append(("offers", offer)) }
    // No `sameAs`: the page's attribution links every source's page for the book.
    return .object(fields)
  }

  /// An `Offer` from the book's sale; nil when the book is not for sale or has no price.
  static func offer(_ facts: BookFacts) -> JSONValue? {
    guard let sale = facts.book.record.sale else { return nil }
    let availability: String
    switch sale.saleability {
    case .forSale?, .forSaleAndRental?, .free?, nil: availability = "https://schema.org/InStock"
    case .forPreorder?: availability = "https://schema.org/PreOrder"
    case .outOfStock?: availability = "https://schema.org/OutOfStock"
    default: return nil
    }
    var fields: [(String, JSONValue)] = [("@type", .string("Offer"))]
    if sale.saleability == .free {
      fields.append(("price", .string("0")))
      if let currency = facts.price?.currencyCode { fields.append(("priceCurrency", .string(currency))) }
    } else if let price = facts.price {
      fields.append(("price", .string(BookFacts.amountText(price.amount))))
      fields.append(("priceCurrency", .string(price.currencyCode)))
    } else {
      return nil
    }
    fields.append(("availability", .string(availability)))
    // Kept though the page links it too: search engines and shop aggregators read the offer's
    // `url` from the structured data alone (Google recommends it for product rich results).
    if let url = facts.buyURL { fields.append(("url", .string(url))) }
    return .object(fields)
  }

  /// The home page's `WebSite`, with the search box as a `SearchAction` (the all-books page reads
  /// `?q=`).
  static func website(settings: SiteSettings, urls: SiteURLs, description: String?) -> JSONValue {
    var fields: [(String, JSONValue)] = [
      ("@context", .string("https://schema.org")), ("@type", .string("WebSite")),
      ("name", .string(settings.title)), ("url", .string(urls.baseURL)),
    ]
    if let description { fields.append(("description", .string(description))) }
    fields.append(("inLanguage", .string(settings.language)))
    fields.append(
      (
        "potentialAction",
        .object([
          ("@type", .string("SearchAction")),
          ("target", .string(urls.absolute(SitePath(["books"])) + "?q={search_term_string}")),
          ("query-input", .string("required name=search_term_string")),
        ])
      ))
    return .object(fields)
  }
}
