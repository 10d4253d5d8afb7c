import BookRecord
import Support

/// RFC 3339 timestamps computed from numbers alone (no Foundation calendar, no time zone).
enum Timestamp {
  /// `2019-03-05T00:00:00Z` for a book date (a missing month or day counts as the first).
  static func rfc3339(_ date: BookDate) -> String {
    dateText(year: date.year, month: date.month ?? 1, day: date.day ?? 1) + "T00:00:00Z"
  }

  /// `2026-11-30T06:40:27Z` for seconds since 1970.
  static func rfc3339(epoch: Int) -> String {
    let days = Int((Double(epoch) / 86_400).rounded(.down))
    let seconds = epoch - days * 86_400
    let (year, month, day) = UTCTimestamp.civil(fromDays: days)
    return dateText(year: year, month: month, day: day) + "T" + pad(seconds / 3600) + ":"
      + pad(seconds / 60 % 60) + ":" + pad(seconds % 60) + "Z"
  }

  /// `2026-11-30` for seconds since 1970 (sitemap `lastmod`).
  static func day(epoch: Int) -> String {
    String(rfc3339(epoch: epoch).prefix(10))
  }

  private static func dateText(year: Int, month: Int, day: Int) -> String {
    let yearText = String(year)
    return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + "-" + pad(month) + "-"
      + pad(day)
  }

  private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
