/// `publishedDate` read leniently: `YYYY`, `YYYY-MM`, `YYYY-MM-DD` or an ISO timestamp
/// (`2019-10-03T00:00:00+02:00`, whose date part is kept as written).
public struct PublishedDate: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var year: Int
  public var month: Int?
  public var day: Int?

  public init(year: Int, month: Int? = nil, day: Int? = nil) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// nil when the text does not start with a year.
  public init?(_ text: String) {
    let parts = text.utf8.prefix { $0 != UInt8(ascii: "T") && $0 != UInt8(ascii: " ") }
      .split(separator: UInt8(ascii: "-"), maxSplits: 2, omittingEmptySubsequences: false)
    guard let first = parts.first, let year = Self.number(first, digits: 1...4) else { return nil }
    self.year = year
    month =
      parts.count > 1
      ? Self.number(parts[1], digits: 1...2).flatMap { (1...12).contains($0) ? $0 : nil } : nil
    day =
      month != nil && parts.count > 2
      ? Self.number(parts[2], digits: 1...2).flatMap { (1...31).contains($0) ? $0 : nil } : nil
  }

  private static func number(_ bytes: Substring.UTF8View.SubSequence, digits: ClosedRange<Int>) -> Int? {
    guard digits.contains(bytes.count) else { return nil }
    var value = 0
    for byte in bytes {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }

  /// `YYYYMMDD` with unknown parts as 00: sorts dates of mixed precision on their prefix.
  public var sortKey: Int { year * 10_000 + (month ?? 0) * 100 + (day ?? 0) }

  /// Normalised `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.
  public var description: String {
    var text = String(year)
    text = String(repeating: "0", count: max(0, 4 - text.count)) + text
    if let month { text += month < 10 ? "-0\(month)" : "-\(month)" }
    if let day { text += day < 10 ? "-0\(day)" : "-\(day)" }
    return text
  }

  public static func < (a: PublishedDate, b: PublishedDate) -> Bool { a.sortKey < b.sortKey }
}

extension VolumeInfo {
  /// `publishedDate` parsed for sorting and formatting; nil when absent or unreadable.
  public var parsedPublishedDate: PublishedDate? { publishedDate.flatMap(PublishedDate.init) }
}
