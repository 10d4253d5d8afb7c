import BookRecord
import Support

extension BookSource {
  package static let googleBooks = BookSource(id: "google-books", name: "Google Books")
}

extension Volume {
  /// The volume as a source-neutral book record: Google's one mapping into it.
  package var record: BookRecord {
    let info = volumeInfo
    return BookRecord(
      id: id, source: SourceRecord(source: .googleBooks, id: id, url: pageURL, digest: sourceDigest),
      title: info.title, subtitle: info.subtitle, authors: info.authors.isEmpty ? nil : info.authors,
      publisher: info.publisher, published: info.publishedDate.flatMap(BookDate.init(parsing:)),
      description: info.description, pageCount: info.pageCount, language: info.language,
      categories: info.categories.isEmpty ? nil : info.categories,
      identifiers: info.industryIdentifiers.isEmpty ? nil : info.industryIdentifiers.map(\.bookIdentifier),
      covers: info.imageLinks, previewLink: info.previewLink, readerLink: accessInfo?.webReaderLink,
      rating: info.averageRating.map { Rating(average: $0, count: info.ratingsCount) },
      sale: saleInfo.map {
        Sale(
          saleability: $0.saleability.map(Saleability.init(rawValue:)), listPrice: $0.listPrice,
          retailPrice: $0.retailPrice, buyLink: $0.buyLink)
      },
      isPublicDomain: accessInfo?.publicDomain)
  }

  /// The book's page on Google Books: the canonical link when it is https on a Google host,
  /// otherwise one built from the volume id.
  var pageURL: String {
    if let url = WebLink.http(volumeInfo.canonicalVolumeLink), WebLink.hasPrefix(url, "https://"),
      let host = WebLink.host(of: url), WebLink.servesHTTPS(host)
    {
      return url
    }
    return "https://books.google.com/books?id=" + PercentEncoding.encodeQueryValue(id)
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
