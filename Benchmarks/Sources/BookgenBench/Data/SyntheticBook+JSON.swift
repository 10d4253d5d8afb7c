/// Writes a synthetic book as a search-list record, in the key order Google uses.
extension SyntheticBook {
  /// `query` and `rank` go into the links (`dq=`, `cd=`) as in a real search response.
  func write(to json: inout JSONText, query: String, rank: Int) {
    json.openObject()
    json.string("kind", "books#volume")
    json.string("id", id)
    json.string("etag", etag)
    json.string("selfLink", "https://www.googleapis.com/books/v1/volumes/\(id)")
    writeVolumeInfo(to: &json, query: query, rank: rank)
    writeSaleInfo(to: &json)
    writeAccessInfo(to: &json)
    if let snippet {
      json.openObject("searchInfo")
      json.string("textSnippet", snippet)
      json.closeObject()
    }
    json.closeObject()
  }

  private func writeVolumeInfo(to json: inout JSONText, query: String, rank: Int) {
    json.openObject("volumeInfo")
    json.string("title", title)
    if let subtitle { json.string("subtitle", subtitle) }
    if let authors {
      json.openArray("authors")
      for author in authors { json.string(nil, author) }
      json.closeArray()
    }
    if let publisher { json.string("publisher", publisher) }
    if let publishedDate { json.string("publishedDate", publishedDate) }
    if let description { json.string("description", description) }
    if let identifiers {
      json.openArray("industryIdentifiers")
      for identifier in identifiers {
        json.openObject()
        json.string("type", identifier.type)
        json.string("identifier", identifier.value)
        json.closeObject()
      }
      json.closeArray()
    }
    json.openObject("readingModes")
    json.literal("text", index % 3 != 0)
    json.literal("image", index % 5 == 0)
    json.closeObject()
    if let pageCount { json.literal("pageCount", pageCount) }
    json.string("printType", "BOOK")
    if let categories {
      json.openArray("categories")
      for category in categories { json.string(nil, category) }
      json.closeArray()
    }
    if let averageRating {
      json.literal("averageRating", averageRating)
      json.literal("ratingsCount", ratingsCount)
    }
    json.string("maturityRating", "NOT_MATURE")
    json.literal("allowAnonLogging", index % 2 == 0)
    json.string("contentVersion", "1.\(index % 17).\(index % 5).0.preview.\(index % 4)")
    json.openObject("panelizationSummary")
    json.literal("containsEpubBubbles", false)
    json.literal("containsImageBubbles", false)
    json.closeObject()
    if hasImages {
      let edge = hasCurlEdge ? "&edge=curl" : ""
      let base = "http://books.google.com/books/content?id=\(id)&printsec=frontcover&img=1"
      json.openObject("imageLinks")
      json.string("smallThumbnail", "\(base)&zoom=5\(edge)&source=gbs_api")
      json.string("thumbnail", "\(base)&zoom=1\(edge)&source=gbs_api")
      json.closeObject()
    }
    json.string("language", language.rawValue)
    let host = "books.google.\(hostSuffix)"
    let dq = query.replacingSpaces()
    json.string(
      "previewLink",
      "http://\(host)/books?id=\(id)&printsec=frontcover&dq=\(dq)&hl=&cd=\(rank)&source=gbs_api")
    json.string("infoLink", "https://play.google.com/store/books/details?id=\(id)&source=gbs_api")
    json.string("canonicalVolumeLink", "https://play.google.com/store/books/details?id=\(id)")
    json.closeObject()
  }

  private var hostSuffix: String {
    switch sale.country {
    case "GB": "co.uk"
    case "JP": "co.jp"
    case "TW": "com.tw"
    case "DE": "de"
    case "FR": "fr"
    default: "com"
    }
  }

  private func writeSaleInfo(to json: inout JSONText) {
    json.openObject("saleInfo")
    json.string("country", sale.country)
    json.string("saleability", sale.saleability)
    json.literal("isEbook", sale.saleability != "NOT_FOR_SALE")
    if let list = sale.list, let retail = sale.retail {
      writeAmount(to: &json, "listPrice", list)
      writeAmount(to: &json, "retailPrice", retail)
    }
    if sale.saleability != "NOT_FOR_SALE" {
      json.string(
        "buyLink",
        "https://play.google.com/store/books/details?id=\(id)&rdid=book-\(id)&rdot=1&source=gbs_api")
    }
    if let list = sale.list, let retail = sale.retail {
      json.openArray("offers")
      writeOffer(to: &json, type: 1, list: list, retail: retail, rental: false)
      if sale.saleability == "FOR_SALE_AND_RENTAL" {
        writeOffer(to: &json, type: 3, list: list, retail: retail, rental: true)
      }
      json.closeArray()
    }
    json.closeObject()
  }

  private func writeAmount(to json: inout JSONText, _ key: String, _ price: Price) {
    json.openObject(key)
    json.literal("amount", price.amount)
    json.string("currencyCode", price.currency)
    json.closeObject()
  }

  private func writeOffer(to json: inout JSONText, type: Int, list: Price, retail: Price, rental: Bool) {
    json.openObject()
    json.literal("finskyOfferType", type)
    for (key, price) in [("listPrice", list), ("retailPrice", retail)] {
      json.openObject(key)
      json.literal("amountInMicros", price.micros)
      json.string("currencyCode", price.currency)
      json.closeObject()
    }
    if rental {
      json.openObject("rentalDuration")
      json.string("unit", "DAY")
      json.literal("count", "90.0")
      json.closeObject()
    } else if index % 3 != 0 {
      json.literal("giftable", true)
    }
    json.closeObject()
  }

  private func writeAccessInfo(to json: inout JSONText) {
    let publicDomain = sale.saleability == "FREE"
    let viewability = publicDomain ? "ALL_PAGES" : sale.saleability == "NOT_FOR_SALE" ? "NO_PAGES" : "PARTIAL"
    json.openObject("accessInfo")
    json.string("country", sale.country)
    json.string("viewability", viewability)
    json.literal("embeddable", viewability != "NO_PAGES")
    json.literal("publicDomain", publicDomain)
    json.string("textToSpeechPermission", index % 7 == 0 ? "ALLOWED_FOR_ACCESSIBILITY" : "ALLOWED")
    for format in ["epub", "pdf"] {
      json.openObject(format)
      json.literal("isAvailable", viewability != "NO_PAGES")
      if publicDomain && format == "pdf" {
        json.string(
          "downloadLink",
          "http://books.google.com/books/download/book.pdf?id=\(id)&output=pdf&sig=ACfU3U0\(etag)&source=gbs_api"
        )
      } else if viewability == "PARTIAL" {
        json.string(
          "acsTokenLink",
          "http://books.google.\(hostSuffix)/books/download/sample-\(format).acsm?id=\(id)&format=\(format)&output=acs4_fulfillment_token&dl_type=sample&source=gbs_api"
        )
      }
      json.closeObject()
    }
    json.string(
      "webReaderLink", "http://play.google.com/books/reader?id=\(id)&hl=&printsec=frontcover&source=gbs_api")
    json.string(
      "accessViewStatus", publicDomain ? "FULL_PUBLIC_DOMAIN" : viewability == "NO_PAGES" ? "NONE" : "SAMPLE")
    json.literal("quoteSharingAllowed", false)
    json.closeObject()
  }
}

extension String {
  /// `subject:fiction c01` → `subject:fiction+c01`, as Google writes `dq=`.
  fileprivate func replacingSpaces() -> String {
    String(decoding: utf8.map { $0 == 0x20 ? UInt8(ascii: "+") : $0 }, as: UTF8.self)
  }
}
