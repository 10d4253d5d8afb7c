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
    let (year, month, day) = civilDate(daysSince1970: days)
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

  /// Howard Hinnant's days-from-civil inverse: proleptic Gregorian calendar, exact for any day.
  private static func civilDate(daysSince1970 days: Int) -> (Int, Int, Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
