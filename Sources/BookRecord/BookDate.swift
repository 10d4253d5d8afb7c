/// A publication date as precise as the source knows it: a year, a month or a day.
///
/// The one rule for reading dates, whatever wrote them (Google's `publishedDate`, the owner's
/// `published_date`): a four-digit year from 0001, then optionally `-MM` (01–12), then
/// optionally `-DD` (01–31), then anything (an ISO time, `T00:00:00+02:00`, whose date part is
/// taken as written; trailing junk). A month or day that does not fit is dropped, keeping what
/// came before it; text not starting with a four-digit year is no date. Three digits (`199`) are
/// no year: library data writes `199-` and `199?` for "the 1990s".
package struct BookDate: Sendable, Hashable, Comparable {
  package let year: Int
  package let month: Int?
  package let day: Int?

  package init?(parsing text: String) {
    let bytes = Array(text.utf8.prefix(10))
    func number(_ range: Range<Int>) -> Int? {
      guard range.upperBound <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[range] {
        guard (48...57).contains(byte) else { return nil }
        value = value * 10 + Int(byte - 48)
      }
      return value
    }
    guard let year = number(0..<4), year > 0 else { return nil }
    self.year = year
    guard bytes.count >= 7, bytes[4] == 45, let month = number(5..<7), (1...12).contains(month) else {
      month = nil
      day = nil
      return
    }
    self.month = month
    if bytes.count >= 10, bytes[7] == 45, let day = number(8..<10), (1...31).contains(day) {
      self.day = day
    } else {
      day = nil
    }
  }

  package init(year: Int, month: Int? = nil, day: Int? = nil) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// `20190305`, `20190300`, `20190000`: orders dates of mixed precision sensibly.
  package var sortValue: Int { year * 10_000 + (month ?? 0) * 100 + (day ?? 0) }

  package static func < (a: BookDate, b: BookDate) -> Bool { a.sortValue < b.sortValue }

  /// `2019-03-05`, `2019-03`, `2019`, for `<time datetime>` and structured data.
  package var isoString: String {
    func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
    let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
    guard let month else { return yearText }
    guard let day else { return "\(yearText)-\(pad(month))" }
    return "\(yearText)-\(pad(month))-\(pad(day))"
  }
}
