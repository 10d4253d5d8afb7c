import BookRecord
import Support

/// A run's decoded volumes as bytes for the next run (kept beside the output: `bookgen build`
/// reads the cache again on every rebuild), by the digest and length of the JSON each was
/// decoded from. Keyed by those bytes alone, a kept volume stands in only for an item of the
/// very same bytes: a changed volume misses and is decoded.
extension VolumeMemo {
  /// The memo of the file at `path`, which `serialize` wrote, read from it as entries are asked
  /// for (never whole); empty when there is no such regular file or it is not a whole one with
  /// `stamp`.
  package convenience init(keptFile path: String, stamp: String) {
    self.init(previous: StateFileIndex(reading: path, stamp: stamp) ?? StateFileIndex())
  }

  /// This run's entries (decoded, or taken from the last run's) and outlines, in key order, written to
  /// `sink` a chunk at a time; the memo is empty afterwards.
  ///
  /// With `unlessRepeating`, nothing is written, and false returned, when the file would be the
  /// earlier run's byte for byte: every entry and outline this run has was taken from it, and it
  /// holds no others (a rebuild after an edit of the catalog alone, or of no cache entry's
  /// items). The caller keeps that file instead of writing its 26–29 MB (at 10,000 books) again.
  @discardableResult
  package func serialize(stamp: String, unlessRepeating: Bool = false, to sink: @escaping ([UInt8]) -> Void)
    -> Bool
  {
    var (all, outlines, previous) = takeEntries()
    if unlessRepeating, Self.repeats(previous, entries: all, outlines: outlines) { return false }
    // The kept entries come in the earlier file's order: read a window at a time.
    var earlier = previous.sequentialReader()
    var writer = StateFileWriter(stamp: stamp, sink: sink)
    for digest in all.keys.sorted() {
      let entry = all.removeValue(forKey: digest)!
      let key = StateKey(low: digest, high: UInt64(entry.length))
      // One that no longer reads back as it was is encoded again: the same bytes.
      writer.add(key, (entry.kept ? earlier.entry(key) : nil) ?? Self.encode(entry)[...])
    }
    // After the volumes, in key order too: the same run writes the same bytes.
    for key in outlines.keys.sorted() {
      let outline = outlines.removeValue(forKey: key)!
      writer.add(key, outline.kept ?? outline.outline.encoded[...])
    }
    writer.finish()
    return true
  }

  /// Whether `entries` and `outlines` are exactly the ones `previous` holds, each taken from it:
  /// written in key order by the same layout, they would be its bytes again.
  static func repeats(
    _ previous: StateFileIndex, entries: [UInt64: Entry],
    outlines: [StateKey: (outline: ResponseOutline, kept: ArraySlice<UInt8>?)]
  ) -> Bool {
    // Kept ones are in the file, so as many as it holds are all of it.
    !previous.isEmpty && previous.entryCount == entries.count + outlines.count
      && entries.values.allSatisfy(\.kept) && outlines.values.allSatisfy { $0.kept != nil }
  }

  /// `serialize` into one array (the memo is empty afterwards).
  package func serialized(stamp: String) -> [UInt8] {
    var file: [UInt8] = []
    serialize(stamp: stamp) { file.append(contentsOf: $0) }
    return file
  }

  static func encode(_ entry: Entry) -> [UInt8] {
    var writer = StateWriter(capacity: 1024)
    let volume = entry.volume
    writer.text(volume.id)
    writer.optional(volume.etag)
    writer.optional(volume.textSnippet)
    writer.volumeInfo(volume.volumeInfo)
    if let sale = volume.saleInfo {
      writer.count(1)
      writer.optional(sale.country)
      writer.optional(sale.saleability)
      writer.flag(sale.isEbook)
      writer.price(sale.listPrice)
      writer.price(sale.retailPrice)
      writer.optional(sale.buyLink)
    } else {
      writer.count(0)
    }
    if let access = volume.accessInfo {
      writer.count(1)
      writer.optional(access.country)
      writer.optional(access.viewability)
      writer.flag(access.embeddable)
      writer.flag(access.publicDomain)
      writer.optional(access.webReaderLink)
      writer.optional(access.accessViewStatus)
      writer.flag(access.epubAvailable)
      writer.flag(access.pdfAvailable)
    } else {
      writer.count(0)
    }
    writer.texts(entry.notes)
    return writer.bytes
  }

  /// The entry `bytes` encode, its volume's digest `digest`; nil when they are not a whole one.
  static func decode(_ bytes: ArraySlice<UInt8>, digest: UInt64, length: Int) -> Entry? {
    var reader = StateReader(bytes)
    guard let id = reader.text(), let etag = reader.optional(), let snippet = reader.optional(),
      let info = reader.volumeInfo(), let hasSale = reader.count()
    else { return nil }
    var sale: SaleInfo?
    if hasSale == 1 {
      guard let country = reader.optional(), let saleability = reader.optional(), let isEbook = reader.flag(),
        let list = reader.price(), let retail = reader.price(), let buyLink = reader.optional()
      else { return nil }
      sale = SaleInfo(
        country: country, saleability: saleability, isEbook: isEbook, listPrice: list, retailPrice: retail,
        buyLink: buyLink)
    } else if hasSale != 0 {
      return nil
    }
    guard let hasAccess = reader.count() else { return nil }
    var access: AccessInfo?
    if hasAccess == 1 {
      guard let country = reader.optional(), let viewability = reader.optional(),
        let embeddable = reader.flag(), let publicDomain = reader.flag(), let link = reader.optional(),
        let status = reader.optional(), let epub = reader.flag(), let pdf = reader.flag()
      else { return nil }
      access = AccessInfo(
        country: country, viewability: viewability, embeddable: embeddable, publicDomain: publicDomain,
        webReaderLink: link, accessViewStatus: status, epubAvailable: epub, pdfAvailable: pdf)
    } else if hasAccess != 0 {
      return nil
    }
    guard let notes = reader.texts(), reader.isAtEnd else { return nil }
    var volume = Volume(
      id: id, etag: etag, volumeInfo: info, saleInfo: sale, accessInfo: access, textSnippet: snippet)
    volume.sourceDigest = digest
    return Entry(volume: volume, notes: notes, length: length)
  }
}

extension StateWriter {
  fileprivate mutating func price(_ price: Price?) {
    guard let price else { return count(0) }
    count(1)
    fixed(price.amount.bitPattern)
    text(price.currencyCode)
  }

  fileprivate mutating func volumeInfo(_ info: VolumeInfo) {
    optional(info.title)
    optional(info.subtitle)
    texts(info.authors)
    optional(info.publisher)
    optional(info.publishedDate)
    optional(info.description)
    count(info.industryIdentifiers.count)
    for identifier in info.industryIdentifiers {
      text(identifier.type)
      text(identifier.identifier)
    }
    optional(info.pageCount)
    optional(info.printType)
    texts(info.categories)
    optional(info.averageRating)
    optional(info.ratingsCount)
    optional(info.maturityRating)
    optional(info.language)
    if let links = info.imageLinks {
      count(1)
      for size in [
        links.smallThumbnail, links.thumbnail, links.small, links.medium, links.large, links.extraLarge,
      ] {
        optional(size)
      }
    } else {
      count(0)
    }
    optional(info.previewLink)
    optional(info.infoLink)
    optional(info.canonicalVolumeLink)
    if let series = info.seriesInfo {
      count(1)
      optional(series.bookDisplayNumber)
      optional(series.seriesId)
    } else {
      count(0)
    }
  }
}

extension StateReader {
  fileprivate mutating func price() -> Price?? {
    switch count() {
    case 0: return .some(nil)
    case 1:
      guard let amount = fixed(), let currency = text() else { return nil }
      return .some(Price(amount: Double(bitPattern: amount), currencyCode: currency))
    default: return nil
    }
  }

  fileprivate mutating func volumeInfo() -> VolumeInfo? {
    guard let title = optional(), let subtitle = optional(), let authors = texts(),
      let publisher = optional(),
      let date = optional(), let description = optional(), let identifierCount = count(atMost: 1 << 20)
    else { return nil }
    var identifiers: [IndustryIdentifier] = []
    identifiers.reserveCapacity(identifierCount)
    for _ in 0..<identifierCount {
      guard let type = text(), let identifier = text() else { return nil }
      identifiers.append(IndustryIdentifier(type: type, identifier: identifier))
    }
    guard let pageCount = optionalInt(), let printType = optional(), let categories = texts(),
      let rating = optionalDouble(), let ratings = optionalInt(), let maturity = optional(),
      let language = optional(), let hasLinks = count()
    else { return nil }
    var links: ImageLinks?
    if hasLinks == 1 {
      var sizes: [String?] = []
      for _ in 0..<6 {
        guard let size = optional() else { return nil }
        sizes.append(size)
      }
      links = ImageLinks(
        smallThumbnail: sizes[0], thumbnail: sizes[1], small: sizes[2], medium: sizes[3], large: sizes[4],
        extraLarge: sizes[5])
    } else if hasLinks != 0 {
      return nil
    }
    guard let preview = optional(), let infoLink = optional(), let canonical = optional(),
      let hasSeries = count()
    else { return nil }
    var series: SeriesInfo?
    if hasSeries == 1 {
      guard let number = optional(), let seriesID = optional() else { return nil }
      series = SeriesInfo(bookDisplayNumber: number, seriesId: seriesID)
    } else if hasSeries != 0 {
      return nil
    }
    return VolumeInfo(
      title: title, subtitle: subtitle, authors: authors, publisher: publisher, publishedDate: date,
      description: description, industryIdentifiers: identifiers, pageCount: pageCount, printType: printType,
      categories: categories, averageRating: rating, ratingsCount: ratings, maturityRating: maturity,
      language: language, imageLinks: links, previewLink: preview, infoLink: infoLink,
      canonicalVolumeLink: canonical, seriesInfo: series)
  }
}
