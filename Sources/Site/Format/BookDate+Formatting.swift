import BookRecord
import Support

extension BookDate {
  /// `2019-03-05T00:00:00Z`, as feeds give books (a missing month or day counts as the first).
  var rfc3339: String { UTCTime.rfc3339(year: year, month: month ?? 1, day: day ?? 1) }

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

  private static let englishMonths = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]
}
