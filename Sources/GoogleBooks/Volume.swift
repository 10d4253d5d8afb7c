import BookRecord
import Support

/// One Google Books volume, as the site needs it.
///
/// Every field but `id` is optional: Google omits fields freely, and one malformed volume must
/// never sink the batch. Decoding (`Volume+Decoding.swift`) is forgiving about number shapes,
/// date shapes and link schemes; strings are kept as Google sent them (escaping is the
/// renderer's job) but for the control characters no page or feed may hold, removed here.
package struct Volume: Sendable, Equatable, Identifiable {
  /// The fields, in one shared copy-on-write box: a volume is a pointer wide, so the response it
  /// came in, the run's memo and each collection's lists share one copy, and copying it is a
  /// retain rather than one per string it holds.
  private var storage: CopyOnWrite<Fields>

  package init(
    id: String, volumeInfo: VolumeInfo = VolumeInfo(), saleInfo: SaleInfo? = nil,
    accessInfo: AccessInfo? = nil
  ) {
    storage = CopyOnWrite(Fields(id: id, volumeInfo: volumeInfo, saleInfo: saleInfo, accessInfo: accessInfo))
  }

  package static func == (a: Volume, b: Volume) -> Bool {
    if a.storage.isShared(with: b.storage) { return true }
    let x = a.storage.value
    let y = b.storage.value
    return x.id == y.id && x.volumeInfo == y.volumeInfo && x.saleInfo == y.saleInfo
      && x.accessInfo == y.accessInfo
  }

  package var id: String {
    _read { yield storage.value.id }
    _modify { yield &storage.value.id }
  }

  package var volumeInfo: VolumeInfo {
    _read { yield storage.value.volumeInfo }
    _modify { yield &storage.value.volumeInfo }
  }

  package var saleInfo: SaleInfo? {
    _read { yield storage.value.saleInfo }
    _modify { yield &storage.value.saleInfo }
  }

  package var accessInfo: AccessInfo? {
    _read { yield storage.value.accessInfo }
    _modify { yield &storage.value.accessInfo }
  }

  /// XXH64 of the JSON the volume was decoded from; nil for a volume made in code. A cheap
  /// identity of its data: a rebuild compares it to tell which books changed. Not compared by
  /// `==`, which compares the data itself.
  package var sourceDigest: UInt64? {
    _read { yield storage.value.sourceDigest }
    _modify { yield &storage.value.sourceDigest }
  }

  private struct Fields {
    var id: String
    var volumeInfo: VolumeInfo
    var saleInfo: SaleInfo?
    var accessInfo: AccessInfo?
    var sourceDigest: UInt64?
  }

}

/// Shown (in test failures, `String(reflecting:)`) as its fields, not as its box.
extension Volume: CustomReflectable {
  package var customMirror: Mirror {
    Mirror(self, children: Mirror(reflecting: storage.value).children, displayStyle: .struct)
  }
}

package struct VolumeInfo: Sendable, Equatable {
  package var title: String?
  package var subtitle: String?
  package var authors: [String] = []
  package var publisher: String?
  /// As sent: `YYYY`, `YYYY-MM`, `YYYY-MM-DD` or an ISO timestamp.
  package var publishedDate: String?
  /// Plain text (search lists) or HTML (single-volume records); sanitize before use.
  package var description: String?
  package var industryIdentifiers: [IndustryIdentifier] = []
  /// nil when absent or 0 (Google reports 0 for unknown).
  package var pageCount: Int?
  /// Flat (`Fiction`) or paths (`Fiction / Science Fiction / Alien Contact`).
  package var categories: [String] = []
  package var averageRating: Double?
  package var ratingsCount: Int?
  package var language: String?
  /// https-upgraded cover URLs by size (the record's shape: the same six sizes, named as Google does).
  package var imageLinks: CoverLinks?
  package var previewLink: String?
  package var canonicalVolumeLink: String?
  package var seriesInfo: SeriesInfo?
}

package struct IndustryIdentifier: Sendable, Equatable {
  /// `ISBN_13`, `ISBN_10`, `ISSN` or `OTHER`.
  package var type: String
  package var identifier: String
}

package struct SeriesInfo: Sendable, Equatable {
  package var bookDisplayNumber: String?
  package var seriesId: String?
}

package struct SaleInfo: Sendable, Equatable {
  /// `FOR_SALE`, `FOR_SALE_AND_RENTAL`, `FREE`, `NOT_FOR_SALE`, `FOR_PREORDER`.
  package var saleability: String?
  package var listPrice: Price?
  package var retailPrice: Price?
  package var buyLink: String?
}

package struct AccessInfo: Sendable, Equatable {
  package var publicDomain: Bool?
  package var webReaderLink: String?
}
