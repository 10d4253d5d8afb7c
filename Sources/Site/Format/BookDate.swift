/// A publication date as precise as Google knows it: a year, a month or a day.
struct BookDate: Sendable, Hashable, Comparable {
  let year: Int
  let month: Int?
  let day: Int?

  /// Parses `YYYY`, `YYYY-MM`, `YYYY-MM-DD` and ISO timestamps (`2019-10-03T00:00:00+02:00`,
  /// whose date part is taken as written). Leniently: a valid year with trailing junk keeps the
  /// year; text not starting with a four-digit year is nil.
  init?(parsing text: String) {
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

  init(year: Int, month: Int? = nil, day: Int? = nil) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// `20190305`, `20190300`, `20190000`: orders dates of mixed precision sensibly.
  var sortValue: Int { year * 10_000 + (month ?? 0) * 100 + (day ?? 0) }

  static func < (a: BookDate, b: BookDate) -> Bool { a.sortValue < b.sortValue }

  /// `March 5, 2019` / `March 2019` / `2019` in English; `2019年3月5日` in Chinese and Japanese.
  func formatted(for language: UILanguage) -> String {
    switch language {
    case .english:
      guard let month else { return String(year) }
      let name = BookDate.englishMonths[month - 1]
      guard let day else { return "\(name) \(year)" }
      return "\(name) \(day), \(year)"
    case .traditionalChinese, .japanese:
      guard let month else { return "\(year)年" }
      guard let day else { return "\(year)年\(month)月" }
      return "\(year)年\(month)月\(day)日"
    }
  }

  /// `2019-03-05`, `2019-03`, `2019`, for `<time datetime>`.
  var isoString: String {
    func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
    let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
    guard let month else { return yearText }
    guard let day else { return "\(yearText)-\(pad(month))" }
    return "\(yearText)-\(pad(month))-\(pad(day))"
  }

  private static let englishMonths = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]
}
