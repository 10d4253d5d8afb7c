import BookRecord
import Support

/// The timestamps feeds give books (`Support.UTCTime` writes them).
enum Timestamp {
  /// `2019-03-05T00:00:00Z` for a book date (a missing month or day counts as the first).
  static func rfc3339(_ date: BookDate) -> String {
    UTCTime.rfc3339(year: date.year, month: date.month ?? 1, day: date.day ?? 1)
  }
}
