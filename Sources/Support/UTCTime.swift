import Foundation

/// UTC calendar arithmetic and RFC 3339 timestamps (`2026-11-30T06:55:00Z`) from numbers
/// alone: no calendar, no time zone, no formatter (the cache reads and writes thousands a build,
/// feeds and the sitemap write one a book).
///
/// Years are written with four digits, `0812-01-01T00:00:00Z`, as RFC 3339 requires; a
/// timestamp is read back only in the same form.
package enum UTCTime {
  /// `2026-11-30T06:40:27Z` for seconds since 1970.
  package static func rfc3339(epochSeconds seconds: Int) -> String {
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let time = seconds - days * 86_400
    let (year, month, day) = civil(fromDays: days)
    return date(year: year, month: month, day: day) + "T" + pad(time / 3600) + ":" + pad(time / 60 % 60) + ":"
      + pad(time % 60) + "Z"
  }

  /// `2026-11-30T06:40:27Z` for a date, its fraction of a second dropped.
  package static func rfc3339(_ date: Date) -> String {
    rfc3339(epochSeconds: Int(date.timeIntervalSince1970.rounded(.down)))
  }

  /// `2019-03-05T00:00:00Z`: midnight at the start of a day.
  package static func rfc3339(year: Int, month: Int, day: Int) -> String {
    date(year: year, month: month, day: day) + "T00:00:00Z"
  }

  /// `2026-11-30` for seconds since 1970 (the sitemap's `lastmod`).
  package static func day(epochSeconds: Int) -> String {
    String(rfc3339(epochSeconds: epochSeconds).prefix(10))
  }

  /// The date `rfc3339` wrote: exactly `YYYY-MM-DDTHH:MM:SSZ`; nil for anything else.
  package static func parse(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
      bytes[19] == UInt8(ascii: "Z")
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
    else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
  }

  /// Howard Hinnant's days-from-civil algorithm (proleptic Gregorian, days since 1970-01-01).
  package static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's civil-from-days).
  package static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// `0812-05-01`: the year with at least four digits.
  private static func date(year: Int, month: Int, day: Int) -> String {
    let digits = String(year.magnitude)
    let padded = String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    return (year < 0 ? "-" : "") + padded + "-" + pad(month) + "-" + pad(day)
  }

  private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
