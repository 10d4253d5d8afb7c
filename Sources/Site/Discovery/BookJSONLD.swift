import BookRecord
import Catalog
import Support

/// schema.org structured data as JSON-LD: `Book` with its `Offer` on detail pages, `WebSite` on
/// the home page. Written straight as bytes, in the order of the calls (no `JSONValue` tree:
/// building and walking one would cost as much as the rest of the head).
enum BookJSONLD {
  static func write(_ facts: BookFacts, to json: inout JSONWriter) {
    let book = facts.book
    json.beginObject()
    // No `url` or `image`: the page's canonical link and `og:image` say them (structured data
    // describes the page it is on).
    json.field("@context", "https://schema.org")
    json.field("@type", "Book")
    json.field("name", book.title ?? book.id)
    if let subtitle = book.subtitle { json.field("alternativeHeadline", subtitle) }
    if !facts.authors.isEmpty {
      json.key("author")
      json.beginArray()
      // No author `url`: the page links each author's page where it names them, so a URL here
      // would repeat it on every book page.
      for author in facts.authors { typedObject("Person", name: author.name, to: &json) }
      json.endArray()
    }
    if let isbn = book.isbn13 { json.field("isbn", isbn) }
    if let pages = book.pageCount {
      json.key("numberOfPages")
      json.int(pages)
    }
    if let date = book.date { json.field("datePublished", date.isoString) }
    if let language = book.language { json.field("inLanguage", language) }
    if let publisher = book.publisher {
      json.key("publisher")
      typedObject("Organization", name: publisher, to: &json)
    }
    // No `description`: the page holds it in full and the meta description, two lines up, its
    // summary (search engines show no more); a third copy would add weight to every book page.
    if !facts.categories.isEmpty {
      json.key("genre")
      json.beginArray()
      for category in facts.categories { json.string(category.leaf) }
      json.endArray()
    }
    if let series = book.record.series, let name = series.name.nonEmpty {
      json.key("isPartOf")
      typedObject("BookSeries", name: name, to: &json)
    }
    writeOffer(facts, to: &json)
    // No `sameAs`: the page's attribution links every source's page for the book.
    json.endObject()
  }

  /// `{"@type":type,"name":name}`.
  private static func typedObject(_ type: String, name: String, to json: inout JSONWriter) {
    json.beginObject()
    json.field("@type", type)
    json.field("name", name)
    json.endObject()
  }

  /// `"offers":` an `Offer` from the book's sale; nothing when the book is not for sale or has
  /// no price.
  static func writeOffer(_ facts: BookFacts, to json: inout JSONWriter) {
    guard let sale = facts.book.record.sale else { return }
    let availability: String
    switch sale.saleability {
    case .forSale?, .forSaleAndRental?, .free?, nil: availability = "https://schema.org/InStock"
    case .forPreorder?: availability = "https://schema.org/PreOrder"
    case .outOfStock?: availability = "https://schema.org/OutOfStock"
    default: return
    }
    let price: String
    let currency: String?
    if sale.saleability == .free {
      price = "0"
      currency = facts.price?.currencyCode
    } else if let amount = facts.price {
      price = BookFacts.amountText(amount.amount)
      currency = amount.currencyCode
    } else {
      return
    }
    json.key("offers")
    json.beginObject()
    json.field("@type", "Offer")
    json.field("price", price)
    if let currency { json.field("priceCurrency", currency) }
    json.field("availability", availability)
    // Kept though the page links it too: search engines and shop aggregators read the offer's
    // `url` from the structured data alone (Google recommends it for product rich results).
    if let url = facts.buyURL { json.field("url", url) }
    json.endObject()
  }

  /// The home page's `WebSite`, with the search box as a `SearchAction` (the all-books page reads
  /// `?q=`).
  static func writeWebsite(
    settings: SiteSettings, urls: SiteURLs, description: String?, to json: inout JSONWriter
  ) {
    json.beginObject()
    json.field("@context", "https://schema.org")
    json.field("@type", "WebSite")
    json.field("name", settings.title)
    json.field("url", urls.baseURL)
    if let description { json.field("description", description) }
    json.field("inLanguage", settings.language)
    json.key("potentialAction")
    json.beginObject()
    json.field("@type", "SearchAction")
    json.field("target", urls.absolute(SitePath(["books"])) + "?q={search_term_string}")
    json.field("query-input", "required name=search_term_string")
    json.endObject()
    json.endObject()
  }
}
