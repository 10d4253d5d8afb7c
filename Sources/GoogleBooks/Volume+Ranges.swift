import BookRecord
import Catalog

/// The values a number from Google may take, and the longest description kept. Outside them
/// a field is dropped (or cut) with a warning as it is decoded, so no later stage (a price
/// formatter, a page, a feed) meets a value it cannot hold, and a cached answer never breaks a
/// later build.
extension VolumeInfo {
  /// As the catalog's `page_count` takes them, and 0, Google's "unknown" (kept as nil).
  static let pageCounts = 0...CatalogRanges.pageCount.upperBound
  /// Google's stars.
  static let ratings = 0.0...5.0
  static let ratingsCounts = 0...1_000_000_000
  /// `seriesInfo.bookDisplayNumber` when sent as a number.
  static let seriesNumbers = 0...1_000_000
  /// UTF-8 bytes of a description kept (64 KiB); Google's longest are around 10 KB, and a
  /// longer one would make a page as large.
  package static let descriptionLimit = 64 << 10
}

extension Price {
  /// In the currency's major unit; the top is far above any book in any currency.
  static let amounts = 0.0...1_000_000_000.0
}
