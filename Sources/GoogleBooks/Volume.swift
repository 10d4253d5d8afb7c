/// One Google Books volume, as the site needs it.
///
/// Every field but `id` is optional: Google omits fields freely, and one malformed volume must
/// never sink the batch. Decoding (`Volume+Decoding.swift`) is forgiving about number shapes,
/// date shapes and link schemes; strings are kept as Google sent them (escaping is the
/// renderer's job) but for the control characters no page or feed may hold, removed here.
public struct Volume: Sendable, Equatable, Identifiable {
  public var id: String
  public var etag: String?
  public var volumeInfo: VolumeInfo
  public var saleInfo: SaleInfo?
  public var accessInfo: AccessInfo?
  /// `searchInfo.textSnippet` (HTML with entities), only on search results.
  public var textSnippet: String?
  /// XXH64 of the JSON the volume was decoded from; nil for a volume made in code. A cheap
  /// identity of its data: a rebuild compares it to tell which books changed. Not compared by
  /// `==`, which compares the data itself.
  public var sourceDigest: UInt64?

  public init(
    id: String, etag: String? = nil, volumeInfo: VolumeInfo = VolumeInfo(),
    saleInfo: SaleInfo? = nil, accessInfo: AccessInfo? = nil, textSnippet: String? = nil
  ) {
    self.id = id
    self.etag = etag
    self.volumeInfo = volumeInfo
    self.saleInfo = saleInfo
    self.accessInfo = accessInfo
    self.textSnippet = textSnippet
  }

  public static func == (a: Volume, b: Volume) -> Bool {
    a.id == b.id && a.etag == b.etag && a.volumeInfo == b.volumeInfo && a.saleInfo == b.saleInfo
      && a.accessInfo == b.accessInfo && a.textSnippet == b.textSnippet
  }
}

public struct VolumeInfo: Sendable, Equatable {
  public var title: String?
  public var subtitle: String?
  public var authors: [String]
  public var publisher: String?
  /// As sent: `YYYY`, `YYYY-MM`, `YYYY-MM-DD` or an ISO timestamp.
  public var publishedDate: String?
  /// Plain text (search lists) or HTML (single-volume records); sanitize before use.
  public var description: String?
  public var industryIdentifiers: [IndustryIdentifier]
  /// nil when absent or 0 (Google reports 0 for unknown).
  public var pageCount: Int?
  public var printType: String?
  /// Flat (`Fiction`) or paths (`Fiction / Science Fiction / Alien Contact`).
  public var categories: [String]
  public var averageRating: Double?
  public var ratingsCount: Int?
  public var maturityRating: String?
  public var language: String?
  /// https-upgraded cover URLs by size.
  public var imageLinks: ImageLinks?
  public var previewLink: String?
  public var infoLink: String?
  public var canonicalVolumeLink: String?
  public var seriesInfo: SeriesInfo?

  public init(
    title: String? = nil, subtitle: String? = nil, authors: [String] = [], publisher: String? = nil,
    publishedDate: String? = nil, description: String? = nil,
    industryIdentifiers: [IndustryIdentifier] = [], pageCount: Int? = nil,
    printType: String? = nil, categories: [String] = [], averageRating: Double? = nil,
    ratingsCount: Int? = nil, maturityRating: String? = nil, language: String? = nil,
    imageLinks: ImageLinks? = nil, previewLink: String? = nil, infoLink: String? = nil,
    canonicalVolumeLink: String? = nil, seriesInfo: SeriesInfo? = nil
  ) {
    self.title = title
    self.subtitle = subtitle
    self.authors = authors
    self.publisher = publisher
    self.publishedDate = publishedDate
    self.description = description
    self.industryIdentifiers = industryIdentifiers
    self.pageCount = pageCount
    self.printType = printType
    self.categories = categories
    self.averageRating = averageRating
    self.ratingsCount = ratingsCount
    self.maturityRating = maturityRating
    self.language = language
    self.imageLinks = imageLinks
    self.previewLink = previewLink
    self.infoLink = infoLink
    self.canonicalVolumeLink = canonicalVolumeLink
    self.seriesInfo = seriesInfo
  }
}

public struct IndustryIdentifier: Sendable, Equatable {
  /// `ISBN_13`, `ISBN_10`, `ISSN` or `OTHER`.
  public var type: String
  public var identifier: String

  public init(type: String, identifier: String) {
    self.type = type
    self.identifier = identifier
  }
}

public struct ImageLinks: Sendable, Equatable {
  public var smallThumbnail: String?
  public var thumbnail: String?
  public var small: String?
  public var medium: String?
  public var large: String?
  public var extraLarge: String?

  public init(
    smallThumbnail: String? = nil, thumbnail: String? = nil, small: String? = nil,
    medium: String? = nil, large: String? = nil, extraLarge: String? = nil
  ) {
    self.smallThumbnail = smallThumbnail
    self.thumbnail = thumbnail
    self.small = small
    self.medium = medium
    self.large = large
    self.extraLarge = extraLarge
  }
}

public struct SeriesInfo: Sendable, Equatable {
  public var bookDisplayNumber: String?
  public var seriesId: String?

  public init(bookDisplayNumber: String? = nil, seriesId: String? = nil) {
    self.bookDisplayNumber = bookDisplayNumber
    self.seriesId = seriesId
  }
}

public struct Price: Sendable, Equatable {
  public var amount: Double
  /// ISO 4217, e.g. `TWD`, `JPY`, `USD`.
  public var currencyCode: String

  public init(amount: Double, currencyCode: String) {
    self.amount = amount
    self.currencyCode = currencyCode
  }
}

public struct SaleInfo: Sendable, Equatable {
  public var country: String?
  /// `FOR_SALE`, `FOR_SALE_AND_RENTAL`, `FREE`, `NOT_FOR_SALE`, `FOR_PREORDER`.
  public var saleability: String?
  public var isEbook: Bool?
  public var listPrice: Price?
  public var retailPrice: Price?
  public var buyLink: String?

  public init(
    country: String? = nil, saleability: String? = nil, isEbook: Bool? = nil,
    listPrice: Price? = nil, retailPrice: Price? = nil, buyLink: String? = nil
  ) {
    self.country = country
    self.saleability = saleability
    self.isEbook = isEbook
    self.listPrice = listPrice
    self.retailPrice = retailPrice
    self.buyLink = buyLink
  }
}

public struct AccessInfo: Sendable, Equatable {
  public var country: String?
  /// `PARTIAL`, `NO_PAGES`, `ALL_PAGES`.
  public var viewability: String?
  public var embeddable: Bool?
  public var publicDomain: Bool?
  public var webReaderLink: String?
  public var accessViewStatus: String?
  public var epubAvailable: Bool?
  public var pdfAvailable: Bool?

  public init(
    country: String? = nil, viewability: String? = nil, embeddable: Bool? = nil,
    publicDomain: Bool? = nil, webReaderLink: String? = nil, accessViewStatus: String? = nil,
    epubAvailable: Bool? = nil, pdfAvailable: Bool? = nil
  ) {
    self.country = country
    self.viewability = viewability
    self.embeddable = embeddable
    self.publicDomain = publicDomain
    self.webReaderLink = webReaderLink
    self.accessViewStatus = accessViewStatus
    self.epubAvailable = epubAvailable
    self.pdfAvailable = pdfAvailable
  }
}
