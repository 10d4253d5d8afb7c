import BookRecord
import Support

extension Volume {
  /// Reads one `books#volume` object; throws when `id` is missing or a known field has the
  /// wrong JSON type (the caller skips that volume and keeps the rest of the page).
  init(reading reader: inout JSONReader) throws {
    var id: String?
    var info = VolumeInfo()
    var sale: SaleInfo?
    var access: AccessInfo?
    try reader.object("volume") { reader, key in
      switch key {
      case "id": id = try reader.string("id")
      case "volumeInfo": info = try VolumeInfo(reading: &reader)
      case "saleInfo": sale = try SaleInfo(reading: &reader)
      case "accessInfo": access = try AccessInfo(reading: &reader)
      default: try reader.skipValue()
      }
    }
    guard let id, !id.isEmpty else {
      throw JSONTypeMismatch(path: "id", expected: "a non-empty string", found: "nothing")
    }
    self.init(id: id, volumeInfo: info, saleInfo: sale, accessInfo: access)
  }
}

extension VolumeInfo {
  init(reading reader: inout JSONReader) throws {
    self.init()
    try reader.object("volumeInfo") { reader, key in
      switch key {
      case "title": title = try reader.string("volumeInfo.title")
      case "subtitle": subtitle = try reader.string("volumeInfo.subtitle")
      case "authors": authors = try reader.strings("volumeInfo.authors")
      case "publisher": publisher = try reader.string("volumeInfo.publisher")
      case "publishedDate": publishedDate = try reader.string("volumeInfo.publishedDate")
      case "description":
        description = try reader.string("volumeInfo.description", limit: Self.descriptionLimit)
      case "industryIdentifiers": industryIdentifiers = try IndustryIdentifier.list(reading: &reader)
      case "pageCount":
        let count = try reader.int("volumeInfo.pageCount", in: Self.pageCounts)
        pageCount = count == 0 ? nil : count
      case "categories": categories = try reader.strings("volumeInfo.categories")
      case "averageRating": averageRating = try reader.double("volumeInfo.averageRating", in: Self.ratings)
      case "ratingsCount": ratingsCount = try reader.int("volumeInfo.ratingsCount", in: Self.ratingsCounts)
      case "language": language = try reader.string("volumeInfo.language")
      case "imageLinks": imageLinks = try CoverLinks(reading: &reader)
      case "previewLink": previewLink = try reader.link("volumeInfo.previewLink")
      case "canonicalVolumeLink": canonicalVolumeLink = try reader.link("volumeInfo.canonicalVolumeLink")
      case "seriesInfo": seriesInfo = try SeriesInfo(reading: &reader)
      default: try reader.skipValue()
      }
    }
  }
}

extension IndustryIdentifier {
  static func list(reading reader: inout JSONReader) throws -> [IndustryIdentifier] {
    var result: [IndustryIdentifier] = []
    try reader.array("volumeInfo.industryIdentifiers") { reader, _ in
      var type: String?
      var identifier: String?
      try reader.object("volumeInfo.industryIdentifiers[]") { reader, key in
        switch key {
        case "type": type = try reader.string("volumeInfo.industryIdentifiers[].type")
        case "identifier": identifier = try reader.string("volumeInfo.industryIdentifiers[].identifier")
        default: try reader.skipValue()
        }
      }
      if let identifier { result.append(IndustryIdentifier(type: type ?? "OTHER", identifier: identifier)) }
    }
    return result
  }
}

extension CoverLinks {
  init?(reading reader: inout JSONReader) throws {
    self.init()
    let present = try reader.object("volumeInfo.imageLinks") { reader, key in
      switch key {
      case "smallThumbnail": smallThumbnail = try reader.link("volumeInfo.imageLinks.smallThumbnail")
      case "thumbnail": thumbnail = try reader.link("volumeInfo.imageLinks.thumbnail")
      case "small": small = try reader.link("volumeInfo.imageLinks.small")
      case "medium": medium = try reader.link("volumeInfo.imageLinks.medium")
      case "large": large = try reader.link("volumeInfo.imageLinks.large")
      case "extraLarge": extraLarge = try reader.link("volumeInfo.imageLinks.extraLarge")
      default: try reader.skipValue()
      }
    }
    if !present { return nil }
  }
}

extension SeriesInfo {
  init?(reading reader: inout JSONReader) throws {
    self.init()
    let present = try reader.object("volumeInfo.seriesInfo") { reader, key in
      switch key {
      case "bookDisplayNumber":
        // Google sends a string ("23"); tolerate a number too.
        if try reader.peek() == UInt8(ascii: "\"") {
          bookDisplayNumber = try reader.string("volumeInfo.seriesInfo.bookDisplayNumber")
        } else if let number = try reader.int(
          "volumeInfo.seriesInfo.bookDisplayNumber", in: VolumeInfo.seriesNumbers)
        {
          bookDisplayNumber = String(number)
        }
      case "volumeSeries":
        try reader.array("volumeInfo.seriesInfo.volumeSeries") { reader, _ in
          try reader.object("volumeInfo.seriesInfo.volumeSeries[]") { reader, key in
            switch key {
            case "seriesId" where seriesId == nil:
              seriesId = try reader.string("volumeInfo.seriesInfo.volumeSeries[].seriesId")
            default: try reader.skipValue()
            }
          }
        }
      default: try reader.skipValue()
      }
    }
    if !present { return nil }
  }
}

extension SaleInfo {
  init?(reading reader: inout JSONReader) throws {
    self.init()
    let present = try reader.object("saleInfo") { reader, key in
      switch key {
      case "saleability": saleability = try reader.string("saleInfo.saleability")
      case "listPrice": listPrice = try Price.read(&reader, "saleInfo.listPrice.amount")
      case "retailPrice": retailPrice = try Price.read(&reader, "saleInfo.retailPrice.amount")
      case "buyLink": buyLink = try reader.link("saleInfo.buyLink")
      default: try reader.skipValue()
      }
    }
    if !present { return nil }
  }
}

extension Price {
  /// `{"amount": 5.99 | 550, "currencyCode": "GBP"}`; nil unless both are present.
  static func read(_ reader: inout JSONReader, _ path: StaticString) throws -> Price? {
    var amount: Double?
    var currency: String?
    try reader.object(path) { reader, key in
      switch key {
      case "amount": amount = try reader.double(path, in: amounts)
      case "currencyCode": currency = try reader.string(path)
      default: try reader.skipValue()
      }
    }
    guard let amount, let currency else { return nil }
    return Price(amount: amount, currencyCode: currency)
  }
}

extension AccessInfo {
  init?(reading reader: inout JSONReader) throws {
    self.init()
    let present = try reader.object("accessInfo") { reader, key in
      switch key {
      case "publicDomain": publicDomain = try reader.bool("accessInfo.publicDomain")
      case "webReaderLink": webReaderLink = try reader.link("accessInfo.webReaderLink")
      default: try reader.skipValue()
      }
    }
    if !present { return nil }
  }
}

extension JSONReader {
  /// A link, with `http://` upgraded to `https://` on Google's hosts (`WebLink`'s rule).
  mutating func link(_ path: StaticString) throws -> String? {
    guard let value = try string(path) else { return nil }
    return WebLink.upgraded(value)
  }
}
