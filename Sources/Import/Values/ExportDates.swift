import Catalog
import Support

/// The order of a date's day and month when its year is not first: `mdy` (`10/13/2022`, as a
/// US spreadsheet writes), `dmy` (`13/10/2022`), or `ymd` for a two-digit year written first
/// (`22/10/13`).
package enum DateOrder: String, Sendable, Equatable, CaseIterable {
  case mdy
  case dmy
  case ymd

  /// `month/day/year`, for the messages.
  package var spelled: String {
    switch self {
    case .mdy: "month/day/year"
    case .dmy: "day/month/year"
    case .ymd: "year/month/day"
    }
  }
}

/// Reads the dates of one export: ISO, with English month names, a spreadsheet's day numbers and
/// numeric dates in the file's order; one whose order the file does not tell is no date
/// (reported, never guessed).
package struct DateReader: Sendable, Equatable {
  /// How numeric dates whose year is not first are read; nil: only those that read the same
  /// either way (`5/5/2024`).
  package var order: DateOrder?

  package func date(_ text: String) -> PartialDate? {
    var trimmed = Substring(text.trimmingWhitespace())
    if trimmed.hasPrefix("["), trimmed.hasSuffix("]") {
      trimmed = trimmed.dropFirst().dropLast()
    }
    guard !trimmed.isEmpty else { return nil }
    if let date = Self.isoDate(trimmed) { return date }
    if let date = Self.serialDate(trimmed) { return date }
    if let date = Self.namedMonthDate(trimmed) { return date }
    guard let numeric = NumericDate(trimmed) else { return nil }
    return numeric.date(order: order)
  }

  /// `2021-03-04`, `2021/03/04`, `2021.03.04`, `2021/03`, `2021`, optionally followed by a time.
  static func isoDate(_ text: Substring) -> PartialDate? {
    guard let parts = numbers(text), (1...3).contains(parts.count), parts[0].count == 4 else { return nil }
    let numbers = parts.map { Int($0)! }
    return Self.checked(
      year: numbers[0], month: numbers.count > 1 ? numbers[1] : nil, day: numbers.count > 2 ? numbers[2] : nil
    )
  }

  /// A spreadsheet's day number (days since 1899-12-30, as Excel and LibreOffice count), which a
  /// date cell becomes when its format is lost: five digits, 1954 to 2119.
  static func serialDate(_ text: Substring) -> PartialDate? {
    guard text.count == 5, text.allSatisfy(\.isASCIIDigit), let number = Int(text),
      (20_000...80_000).contains(number)
    else { return nil }
    // Day 25,569 is 1970-01-01.
    let (year, month, day) = UTCTime.civil(fromDays: number - 25_569)
    return PartialDate(year: year, month: month, day: day)
  }

  private static let months: [String: Int] = {
    let names = [
      "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
      "november", "december",
    ]
    var table: [String: Int] = [:]
    for (index, name) in names.enumerated() {
      table[name] = index + 1
      table[String(name.prefix(3))] = index + 1
    }
    table["sept"] = 9
    return table
  }()

  /// `Jan 5, 2024`, `January 5 2024`, `5 Jan 2024`, `5-Jan-24`, `January 2024`: a month's name,
  /// a year (four digits, or two after a day), and a day or none.
  static func namedMonthDate(_ text: Substring) -> PartialDate? {
    let words = text.lowercased().split { $0 == " " || $0 == "," || $0 == "-" || $0 == "." || $0 == "/" }
    guard (2...3).contains(words.count) else { return nil }
    guard let monthAt = words.firstIndex(where: { months[String($0)] != nil }) else { return nil }
    let month = months[String(words[monthAt])]!
    let numbers = words.indices.filter { $0 != monthAt }.map { words[$0] }
    guard numbers.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) && (1...4).contains($0.count) }) else {
      return nil
    }
    if numbers.count == 1 {
      guard numbers[0].count == 4 else { return nil }
      return checked(year: Int(numbers[0])!, month: month, day: nil)
    }
    // The day is the number of one or two digits next to the month; the year is the other.
    let (dayText, yearText) =
      numbers[0].count <= 2 && numbers[1].count != 1 ? (numbers[0], numbers[1]) : (numbers[1], numbers[0])
    guard dayText.count <= 2, yearText.count == 4 || yearText.count == 2 else { return nil }
    return checked(year: NumericDate.fullYear(yearText), month: month, day: Int(dayText)!)
  }

  /// The numbers of a date before any time (`4/1/2024 10:00`), split at `/`, `-` or `.`; nil
  /// unless each is one to four digits.
  static func numbers(_ text: Substring) -> [Substring]? {
    let parts = text.prefix { $0 != " " && $0 != "T" }.split(omittingEmptySubsequences: false) {
      $0 == "/" || $0 == "-" || $0 == "."
    }
    return parts.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy(\.isASCIIDigit) }) ? parts : nil
  }

  /// A date, when the month has that day.
  static func checked(year: Int, month: Int?, day: Int?) -> PartialDate? {
    if let month, let day {
      let lengths = [
        31, year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31,
        30, 31,
      ]
      guard (1...12).contains(month), (1...lengths[month - 1]).contains(day) else { return nil }
    }
    return PartialDate(year: year, month: month, day: day)
  }
}

/// A date of three numbers whose year is not written first with four digits: `4/1/2024`,
/// `13.10.22`, `10-13-2022`, optionally followed by a time.
struct NumericDate: Equatable {
  var parts: [Substring]

  init?(_ text: Substring) {
    guard let parts = DateReader.numbers(text), parts.count == 3, parts[0].count <= 2, parts[1].count <= 2,
      parts[2].count == 2 || parts[2].count == 4
    else { return nil }
    self.parts = parts
  }

  var first: Int { Int(parts[0])! }
  var second: Int { Int(parts[1])! }

  /// What the date says of the order by itself: day first when its first number cannot be a
  /// month, month first when its second cannot; nil when either reading works (or neither), and
  /// for a two-digit year, which may as well be the first number (`21/03/04`).
  var evidence: DateOrder? {
    guard parts[2].count == 4 else { return nil }
    switch (first > 12, second > 12) {
    case (true, false): return .dmy
    case (false, true): return .mdy
    default: return nil
    }
  }

  func date(order: DateOrder?) -> PartialDate? {
    // `5/5/2024` reads the same either way.
    let order = order ?? evidence ?? (first == second && parts[2].count == 4 ? .mdy : nil)
    switch order {
    case .mdy: return DateReader.checked(year: Self.fullYear(parts[2]), month: first, day: second)
    case .dmy: return DateReader.checked(year: Self.fullYear(parts[2]), month: second, day: first)
    case .ymd:
      guard parts[0].count == 2, parts[2].count == 2 else { return nil }
      return DateReader.checked(year: Self.fullYear(parts[0]), month: second, day: Int(parts[2])!)
    case nil: return nil
    }
  }

  /// A two-digit year as spreadsheets read it: 00–29 are 2000–2029, 30–99 are 1930–1999.
  static func fullYear(_ text: Substring) -> Int {
    let value = Int(text)!
    guard text.count == 2 else { return value }
    return value < 30 ? 2000 + value : 1900 + value
  }
}

/// What a file's numeric dates tell of their order, and which one is used.
package enum DateOrderFinding: Sendable, Equatable {
  /// No date in the file needs an order.
  case notNeeded
  /// Set with `--date-order`.
  case given(DateOrder)
  /// Told by a date that can be read only one way: `10/13/2022` (`example`, at `position`).
  case inferred(DateOrder, example: String, position: RowPosition)
  /// No date tells: `count` dates such as `example` are left out.
  case undecided(example: String, position: RowPosition, count: Int)
  /// Dates read only one way disagree: those that need an order are left out.
  case conflicting(
    monthFirst: String, monthFirstAt: RowPosition, dayFirst: String, dayFirstAt: RowPosition, count: Int)

  /// The order the file's dates are read in.
  var order: DateOrder? {
    switch self {
    case .given(let order), .inferred(let order, _, _): order
    case .notNeeded, .undecided, .conflicting: nil
    }
  }
}

/// Collects, over a whole file, the numeric dates of its date columns.
struct DateOrderSurvey {
  private var monthFirst: (String, RowPosition)?
  private var dayFirst: (String, RowPosition)?
  private var ambiguous: (String, RowPosition)?
  private var ambiguousCount = 0

  /// Notes every numeric date in `text` (a field may hold several: `4/1/2024-4/9/2024, 5/1/2024`).
  mutating func survey(_ text: String, at position: RowPosition) {
    guard text.contains(where: { $0 == "/" || $0 == "." || $0 == "-" }) else { return }
    for token in text.split(whereSeparator: { $0 == "," || $0 == ";" || $0 == "|" || $0 == " " }) {
      // `4/1/2024-4/9/2024` is a reading's two dates.
      let pieces = token.contains("/") || token.contains(".") ? token.split(separator: "-") : [token]
      for piece in pieces {
        guard let date = NumericDate(piece) else { continue }
        switch date.evidence {
        case .dmy?: if dayFirst == nil { dayFirst = (String(piece), position) }
        case .mdy?: if monthFirst == nil { monthFirst = (String(piece), position) }
        default:
          if date.first == date.second, date.parts[2].count == 4 { continue }
          if ambiguous == nil { ambiguous = (String(piece), position) }
          ambiguousCount += 1
        }
      }
    }
  }

  /// The order to read the file in: `given` wins; else the one its dates tell.
  func finding(given: DateOrder?) -> DateOrderFinding {
    if let given { return .given(given) }
    switch (monthFirst, dayFirst) {
    case (let month?, let day?):
      return .conflicting(
        monthFirst: month.0, monthFirstAt: month.1, dayFirst: day.0, dayFirstAt: day.1, count: ambiguousCount)
    case (let month?, nil): return .inferred(.mdy, example: month.0, position: month.1)
    case (nil, let day?): return .inferred(.dmy, example: day.0, position: day.1)
    case (nil, nil):
      guard let ambiguous else { return .notNeeded }
      return .undecided(example: ambiguous.0, position: ambiguous.1, count: ambiguousCount)
    }
  }
}
