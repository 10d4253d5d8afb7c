import BookRecord
import Catalog

extension BookSource {
  /// The owner's `books:` entries in catalog.yml: notes, tags and corrections.
  static let owner = BookSource(id: "catalog", name: "catalog.yml")

  /// A book an export listed that no source knows: its `imported:` title, authors and more.
  /// Made once per app (pages ask for it per book).
  static func export(_ source: ImportSource) -> BookSource {
    exports[source]!
  }

  /// The app whose export `source` is; nil for every other source.
  static func exportedApp(_ source: BookSource) -> ImportSource? {
    exportedApps[source.id]
  }

  private static let exports = Dictionary(
    uniqueKeysWithValues: ImportSource.allCases.map { ($0, makeExport($0)) })
  private static let exportedApps = Dictionary(
    uniqueKeysWithValues: ImportSource.allCases.map { (makeExport($0).id, $0) })

  private static func makeExport(_ source: ImportSource) -> BookSource {
    BookSource(id: "\(source.rawValue)-export", name: "\(source.appName) export")
  }
}

extension BookEntry {
  /// The owner's entry under `key` as a record of corrections: every field it sets is stated,
  /// also as empty (`subtitle: ""` removes a source's subtitle; a date that is no date, none),
  /// so that `BookRecord.overridden(by:)` puts them in place of every source's.
  /// `sourceSale` is the book's sale as its sources state it: the owner's shop fields replace
  /// what they set of it.
  func record(forBook id: String, key: String, sourceSale: Sale? = nil) -> BookRecord {
    var record = BookRecord(id: id, source: SourceRecord(source: .owner, id: key))
    func state<Value>(_ field: BookField, _ path: WritableKeyPath<BookRecord, Value?>, _ value: Value?) {
      guard let value else { return }
      record[keyPath: path] = value
      record.markStated(field)
    }
    state(.title, \.title, overrides.title)
    state(.subtitle, \.subtitle, overrides.subtitle)
    state(.authors, \.authors, overrides.authors)
    state(.publisher, \.publisher, overrides.publisher)
    if let date = overrides.publishedDate {
      // Stated even when it reads as no date (`0000`): the owner's word replaces the source's.
      record.published = BookDate(parsing: date)
      record.markStated(.published)
    }
    state(.description, \.description, overrides.description)
    state(.pageCount, \.pageCount, overrides.pageCount)
    state(.language, \.language, overrides.language)
    state(.categories, \.categories, overrides.categories)
    // The owner's cover is the book's at every size: the page shows it, not a source's larger one.
    state(.covers, \.covers, overrides.cover.map(CoverLinks.init(all:)))
    state(.note, \.note, note)
    if note != nil { record.noteSpoiler = noteSpoiler }
    state(.tags, \.tags, tags)
    state(
      .series, \.series,
      series.map { SeriesPosition(name: $0, number: seriesNumber?.value, numberText: seriesNumber?.text) })
    state(.reading, \.reading, readingRecord)
    state(.sale, \.sale, sale(over: sourceSale))
    return record
  }

  /// The owner's reading and copy, nil when the entry says nothing of them.
  var readingRecord: ReadingRecord? {
    var reading = ReadingRecord()
    reading.status = status?.slug
    reading.rating = rating?.value
    reading.dateAdded = dateAdded.map(\.bookDate)
    reading.dateStarted = dateStarted.map(\.bookDate)
    reading.datesRead = datesRead.map(\.bookDate)
    reading.readCount = readCount
    reading.format = format?.rawValue
    reading.owned = owned
    reading.links = links.map { ($0.name, $0.url) }
    reading.extra = extra
    return reading == ReadingRecord() ? nil : reading
  }

  /// The shop's sale: its price, link and availability over the source's sale; nil when the
  /// entry sets none of them. A price of its own drops the source's list price (no discount
  /// across two sellers).
  func sale(over source: Sale?) -> Sale? {
    guard shop != ShopFields() else { return nil }
    var sale = source ?? Sale()
    if let price = shop.price {
      sale.retailPrice = Price(amount: price.value, currencyCode: price.currency)
      sale.listPrice = nil
    }
    if let url = shop.buyURL { sale.buyLink = url }
    switch shop.availability {
    case .inStock?: sale.saleability = .forSale
    case .outOfStock?: sale.saleability = .outOfStock
    case .preorder?: sale.saleability = .forPreorder
    case nil: if sale.saleability == nil || sale.saleability == .notForSale { sale.saleability = .forSale }
    }
    return sale
  }

  /// The record of a book no source knows, from what its import recorded.
  func exportRecord(id: ExportID) -> BookRecord? {
    exportRecord(key: id.description)
  }

  /// The same for the entry under `key` (an export's id, or an ISBN no source gave a record for).
  func exportRecord(key: String) -> BookRecord? {
    guard let imported else { return nil }
    var record = BookRecord(id: key, source: SourceRecord(source: .export(imported.source), id: imported.id))
    record.title = imported.title
    record.authors = imported.authors.isEmpty ? nil : imported.authors
    record.publisher = imported.publisher
    if let description = imported.description {
      record.description = description
      record.descriptionFormat = .markdown
    }
    record.pageCount = imported.pageCount
    record.published = imported.published.map(\.bookDate)
    return record
  }
}

extension PartialDate {
  /// The owner's date as the record holds dates.
  var bookDate: BookDate { BookDate(year: year, month: month, day: day) }
}

extension Catalog {
  /// Every name the books' `extra:` values use: what templates may read as `book.extra.NAME`.
  package var extraNames: Set<String> { Set(books.values.flatMap(\.extra.keys)) }
}
