import BookRecord
import Support

extension BookSource {
  package static let googleBooks = BookSource(id: "google-books", name: "Google Books")
}

extension Volume {
  /// The volume as a source-neutral book record: Google's one mapping into it.
  package var record: BookRecord {
    let info = self.volumeInfo
    let source = SourceRecord(source: .googleBooks, id: self.id, url: pageURL, digest: self.sourceDigest)
    return BookRecord(id: self.id, source: source) { record in
      record.title = info.title
      record.subtitle = info.subtitle
      record.authors = info.authors.isEmpty ? nil : info.authors
      record.publisher = info.publisher
      record.published = info.publishedDate.flatMap(BookDate.init(parsing:))
      record.description = info.description
      record.pageCount = info.pageCount
      record.language = info.language
      record.categories = info.categories.isEmpty ? nil : info.categories
      record.identifiers =
        info.industryIdentifiers.isEmpty ? nil : info.industryIdentifiers.map(\.bookIdentifier)
      record.covers = info.imageLinks
      record.previewLink = info.previewLink
      record.readerLink = self.accessInfo?.webReaderLink
      record.rating = info.averageRating.map { Rating(average: $0, count: info.ratingsCount) }
      record.sale = self.saleInfo.map {
        Sale(
          saleability: $0.saleability.map(Saleability.init(rawValue:)), listPrice: $0.listPrice,
          retailPrice: $0.retailPrice, buyLink: $0.buyLink)
      }
      record.isPublicDomain = self.accessInfo?.publicDomain
    }
  }

  /// The book's page on Google Books: the canonical link when it is https on a Google host,
  /// otherwise one built from the volume id.
  var pageURL: String {
    if let url = WebLink.http(self.volumeInfo.canonicalVolumeLink), WebLink.hasPrefix(url, "https://"),
      let host = WebLink.host(of: url), WebLink.servesHTTPS(host)
    {
      return url
    }
    return "https://books.google.com/books?id=" + PercentEncoding.encodeQueryValue(self.id)
  }
}

extension IndustryIdentifier {
  var bookIdentifier: BookIdentifier {
    switch type {
    case "ISBN_13": BookIdentifier(.isbn13, identifier)
    case "ISBN_10": BookIdentifier(.isbn10, identifier)
    case "ISSN": BookIdentifier(.issn, identifier)
    default: BookIdentifier(.other(type), identifier)
    }
  }
}

extension CollectionVolumes {
  /// The collection's volumes as records, mapped on every core.
  package var records: [BookRecord] {
    let volumes = volumes
    return Parallel.map(count: volumes.count) { volumes[$0].record }
  }
}
